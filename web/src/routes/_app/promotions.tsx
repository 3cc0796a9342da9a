// /promotions: the offers feed in full, opened in a new window from the notification panel (its own lazy chunk, texts included).
import { createFileRoute } from "@tanstack/react-router";
import { FeedPage } from "../../features/notifications/feed-page";

export const Route = createFileRoute("/_app/promotions")({
  component: () => <FeedPage tab="offers" />,
});
