// /help: help and FAQ with the changelog (its own chunk; its texts load with it, the help namespace).
import { createFileRoute } from "@tanstack/react-router";
import { HelpPage } from "../../features/help/help-page";

export const Route = createFileRoute("/_app/help")({
  component: HelpPage,
});
