// /gallery: the user's generated and edited images. The router plugin splits the screen into its own chunk
// (autoCodeSplitting), so the chat screens do not carry it; its texts load with it (the media namespace).
import { createFileRoute } from "@tanstack/react-router";
import { GalleryPage } from "../../features/images/gallery-page";

export const Route = createFileRoute("/_app/gallery")({
  component: GalleryPage,
});
