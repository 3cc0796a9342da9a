// The notification feeds as server state: every tab in the user's language, read by the header's bell (unread count)
// and the panel. Refreshed every 6 hours (21,600,000 ms) and each time the panel opens.
// Always loaded with the header, so it stays small: the panel and the tab pages load on demand.
import { queryOptions } from "@tanstack/react-query";
import { apiBody } from "../../../lib/api";
import { type Feed, FeedsBodySchema } from "../../../../../worker/protocol/feeds";

/** How often the feeds refresh: 6 hours, in milliseconds. */
export const FEED_REFRESH_MS = 21_600_000;

/** `lang` is the app's language (lib/i18n currentLanguage). Stale only after 6 hours, so focus does not refetch it. */
export const feedsQuery = (lang: string) =>
  queryOptions({
    queryKey: ["feeds", lang],
    queryFn: async ({ signal }): Promise<Feed[]> =>
      (await apiBody(`/feeds?lang=${lang}`, FeedsBodySchema, { signal })).data.feeds,
    staleTime: FEED_REFRESH_MS,
    refetchInterval: FEED_REFRESH_MS,
  });
