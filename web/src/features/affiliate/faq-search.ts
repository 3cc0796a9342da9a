// The FAQ screen's address: ?q= words, ?category=, ?sort= (recent, popular, alphabetical; popular by default) and
// ?view= (list or grid), validated at the route so a shared or reloaded link opens the same screen.
import * as v from "valibot";
import { FAQ_SORTS } from "../../../../worker/protocol/payments";

export const FAQ_VIEWS = ["list", "grid"] as const;
export type FaqView = (typeof FAQ_VIEWS)[number];

/** The longest search the worker accepts, in characters. */
export const FAQ_QUERY_MAX = 200;

export const FaqSearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(FAQ_QUERY_MAX))), undefined),
  category: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/))), undefined),
  sort: v.fallback(v.optional(v.picklist(FAQ_SORTS)), undefined),
  view: v.fallback(v.optional(v.picklist(FAQ_VIEWS)), undefined),
});
export type FaqSearch = v.InferOutput<typeof FaqSearchSchema>;

/** Pause after the last keystroke before the search runs, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 250;
