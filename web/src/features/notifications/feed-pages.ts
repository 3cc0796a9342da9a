// The page of each feed tab, opened in a new window from the notification panel: its own route.
import type { FeedTab } from "../../../../worker/protocol/feeds";

export const FEED_PAGES = { offers: "/promotions", store: "/store", news: "/news" } as const satisfies Record<
  FeedTab,
  string
>;
