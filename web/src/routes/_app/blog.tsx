// /blog: the release notes as blog posts (its own chunk, shares the help namespace's texts).
import { createFileRoute } from "@tanstack/react-router";
import { BlogPage } from "../../features/help/blog-page";

export const Route = createFileRoute("/_app/blog")({
  component: BlogPage,
});
