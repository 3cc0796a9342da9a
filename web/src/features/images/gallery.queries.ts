// The gallery as server state: GET /media-api/api/images, newest first, a page at a time (the cursor is the last
// image of a page), each answer checked with the worker's schema.
import { infiniteQueryOptions } from "@tanstack/react-query";
import { GalleryPageSchema } from "../../../../worker/protocol/images";
import { apiBody } from "../../lib/api";

/** Images per page: enough to fill a wide screen twice. */
export const GALLERY_PAGE_SIZE = 24;

export const galleryKeys = { all: ["gallery"] as const };

export const galleryQuery = () =>
  infiniteQueryOptions({
    queryKey: galleryKeys.all,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(GALLERY_PAGE_SIZE) });
      if (pageParam) params.set("before", pageParam);
      const page = await apiBody(`/media-api/api/images?${params}`, GalleryPageSchema, { signal });
      return page.data;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
  });
