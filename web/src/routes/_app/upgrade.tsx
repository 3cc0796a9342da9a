// /upgrade: the subscription and upgrade page.
import { createFileRoute } from "@tanstack/react-router";
import { UpgradePage } from "../../features/plans/upgrade-page";

export const Route = createFileRoute("/_app/upgrade")({
  component: UpgradePage,
});
