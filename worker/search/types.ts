// What every web search source answers, whichever provider serves it: a list of results with a title, a URL, a
// snippet and the site's name, already validated at the edge (worker/search/http.ts), and whether the built-in
// offline source answered instead of the web.

export type SearchProviderId = "tavily" | "brave" | "searxng";

export interface SearchResult {
  title: string;
  /** An absolute http(s) URL. */
  url: string;
  snippet: string;
  /** The site's display name or host name, e.g. "vnexpress.net". */
  site: string;
}

export interface SearchAnswer {
  /** The provider that answered, or "offline" for the built-in source. */
  provider: SearchProviderId | "offline";
  /** True when no search provider is configured and the offline source answered: the UI must say so. */
  offline: boolean;
  results: SearchResult[];
}

export interface SearchOptions {
  /** At most this many results (default DEFAULT_MAX_RESULTS). */
  maxResults?: number;
  /** The caller's signal (a stopped turn): the search is abandoned with it. */
  signal?: AbortSignal;
}

/** Results asked for and kept by default: enough sources for an answer, few enough for the prompt. */
export const DEFAULT_MAX_RESULTS = 5;
/** Most results ever asked for (Brave's `count` allows 20). */
export const MAX_RESULTS = 20;
