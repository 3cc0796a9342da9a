// The notification feeds API (GET /feeds?tab=&lang=), declared once for the worker and the SPA. Kept small: the
// header's bell reads it on every signed-in page to count unread items.
import * as v from "valibot";
import { successEnvelope } from "./envelopes";

/** The notification panel's tabs, in the panel's order (offers is the default tab). */
export const FEED_TABS = ["offers", "store", "news"] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** Items per tab when the client does not ask (the panel), and the most it may ask for (a tab's own page). */
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 100;

export const FeedItemSchema = v.object({
  id: v.string(),
  title: v.string(),
  body: v.string(),
  url: v.nullable(v.string()),
  image: v.nullable(v.string()),
  /** ISO 8601, UTC. */
  published_at: v.string(),
});
export type FeedItem = v.InferOutput<typeof FeedItemSchema>;

export const FeedSchema = v.object({
  tab: v.picklist(FEED_TABS),
  /** "maintenance": no items; the SPA shows the "feature not available" placeholder. */
  status: v.picklist(["live", "maintenance"]),
  items: v.array(FeedItemSchema),
});
export type Feed = v.InferOutput<typeof FeedSchema>;

/** Every tab (or only ?tab=), newest items first, in the asked language. */
export const FeedsBodySchema = successEnvelope(v.object({ feeds: v.array(FeedSchema) }));
export type FeedsBody = v.InferInput<typeof FeedsBodySchema>;
