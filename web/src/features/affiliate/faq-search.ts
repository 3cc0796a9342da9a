// The FAQ screen's filters: search words, category, sort (recent, popular, alphabetical; popular by default) and the
// list or grid view. UI state of the screen; the sort names are the API's (worker/protocol/payments.ts FAQ_SORTS).
import type { FAQ_SORTS as API_FAQ_SORTS } from "../../../../worker/protocol/payments";

export const FAQ_SORTS = ["popular", "recent", "alphabetical"] as const satisfies Readonly<
  Array<(typeof API_FAQ_SORTS)[number]>
>;
export type FaqSort = (typeof FAQ_SORTS)[number];

export const FAQ_VIEWS = ["list", "grid"] as const;
export type FaqView = (typeof FAQ_VIEWS)[number];

export interface FaqSearch {
  q: string;
  category: string | undefined;
  sort: FaqSort;
  view: FaqView;
}

export const INITIAL_FAQ_SEARCH: FaqSearch = { q: "", category: undefined, sort: "popular", view: "list" };

/** The longest search the worker accepts, in characters. */
export const FAQ_QUERY_MAX = 200;

/** Pause after the last keystroke before the search runs, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The /affiliate hash of the FAQ list, and of one question: faq/<id>. */
export const FAQ_HASH = "faq";
export const questionHash = (id: string) => `${FAQ_HASH}/${encodeURIComponent(id)}`;
