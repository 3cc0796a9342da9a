// The web search providers, as data: how each is configured (which variables), its default base URL and the adapter
// that speaks its wire format. Adding a provider is one entry here and one adapter file.
import { BRAVE_DEFAULT_BASE_URL, searchBrave } from "./brave";
import { searchSearxng } from "./searxng";
import { searchTavily, TAVILY_DEFAULT_BASE_URL } from "./tavily";
import type { SearchProviderId, SearchResult } from "./types";

export interface ProviderConfig {
  apiKey?: string;
  baseURL: string;
  timeoutMs: number;
}

export interface SearchProviderEntry {
  id: SearchProviderId;
  name: string;
  /** The Env variable holding the key, and whether the provider needs one. */
  keyVar: "TAVILY_API_KEY" | "BRAVE_SEARCH_API_KEY" | "SEARXNG_API_KEY";
  keyRequired: boolean;
  /** The Env variable that overrides the base URL; required when there is no default (SearXNG is self-hosted). */
  baseURLVar: "TAVILY_BASE_URL" | "BRAVE_SEARCH_BASE_URL" | "SEARXNG_BASE_URL";
  defaultBaseURL: string | null;
  search(
    config: ProviderConfig,
    query: string,
    opts: { maxResults: number; signal?: AbortSignal },
  ): Promise<SearchResult[]>;
}

export const SEARCH_PROVIDERS: readonly SearchProviderEntry[] = [
  {
    id: "tavily",
    name: "Tavily",
    keyVar: "TAVILY_API_KEY",
    keyRequired: true,
    baseURLVar: "TAVILY_BASE_URL",
    defaultBaseURL: TAVILY_DEFAULT_BASE_URL,
    search: (config, query, opts) =>
      searchTavily({ apiKey: config.apiKey ?? "", baseURL: config.baseURL, timeoutMs: config.timeoutMs }, query, opts),
  },
  {
    id: "brave",
    name: "Brave Search",
    keyVar: "BRAVE_SEARCH_API_KEY",
    keyRequired: true,
    baseURLVar: "BRAVE_SEARCH_BASE_URL",
    defaultBaseURL: BRAVE_DEFAULT_BASE_URL,
    search: (config, query, opts) =>
      searchBrave({ apiKey: config.apiKey ?? "", baseURL: config.baseURL, timeoutMs: config.timeoutMs }, query, opts),
  },
  {
    id: "searxng",
    name: "SearXNG",
    keyVar: "SEARXNG_API_KEY",
    keyRequired: false,
    baseURLVar: "SEARXNG_BASE_URL",
    defaultBaseURL: null,
    search: (config, query, opts) => searchSearxng(config, query, opts),
  },
];
