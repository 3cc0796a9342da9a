// /gallery: the user's generated and edited images. A lazy route: its code (and the media texts) load only when it
// opens, so the chat screens do not carry it.
import { createLazyFileRoute } from "@tanstack/react-router";
import { GalleryPage } from "../../features/images/gallery-page";

export const Route = createLazyFileRoute("/_app/gallery")({
  component: GalleryPage,
});
