// /prompts: the prompt library. The router plugin splits the screen into its own chunk (autoCodeSplitting); its
// texts load with it (the library namespace). A page load of /prompts is served the SPA (a navigation), while the
// app's fetches of /prompts reach the worker's API (wrangler.toml: assets answer navigations only).
import { createFileRoute } from "@tanstack/react-router";
import { PromptsPage } from "../../features/prompts/prompts-page";

export const Route = createFileRoute("/_app/prompts")({
  component: PromptsPage,
});
