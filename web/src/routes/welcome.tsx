// The guest landing page. A guest opening '/' is sent here by the signed-in area's guard with the address kept at
// '/' (a masked redirect); signed-in visitors at '/' get the chat. The page is one lazy chunk; its texts follow it.
import { createFileRoute } from "@tanstack/react-router";
import { LandingPage } from "../features/landing/landing-page";

export const Route = createFileRoute("/welcome")({
  component: LandingPage,
});
