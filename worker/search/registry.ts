// Picks the web search source from configuration, as the model registry picks models: SEARCH_PROVIDER names one of
// worker/search/providers.ts (tavily, brave, searxng) or "offline"; unset, the first provider whose key (or, for
// SearXNG, base URL) is configured is used, in the table's order; with none, the offline source answers. A provider
// named but not configured, or an invalid SEARCH_TIMEOUT_MS, is a server_misconfigured error, never a silent fallback.
import * as v from "valibot";
import { AppError } from "../errors";
import { DEFAULT_SEARCH_TIMEOUT_MS } from "./http";
import { searchOffline } from "./offline";
import { type ProviderConfig, SEARCH_PROVIDERS, type SearchProviderEntry } from "./providers";
import {
  DEFAULT_MAX_RESULTS,
  MAX_RESULTS,
  type SearchAnswer,
  type SearchOptions,
  type SearchProviderId,
} from "./types";

export type SearchEnv = Partial<
  Pick<
    Env,
    | "SEARCH_PROVIDER"
    | "SEARCH_TIMEOUT_MS"
    | "TAVILY_API_KEY"
    | "TAVILY_BASE_URL"
    | "BRAVE_SEARCH_API_KEY"
    | "BRAVE_SEARCH_BASE_URL"
    | "SEARXNG_BASE_URL"
    | "SEARXNG_API_KEY"
  >
>;

export interface SearchSource {
  provider: SearchProviderId | "offline";
  offline: boolean;
  /** Searches the web (or answers offline); throws search_auth_failed, search_rate_limited or search_unavailable. */
  search(query: string, opts?: SearchOptions): Promise<SearchAnswer>;
}

/** Longest query sent to a provider, in characters (Tavily and Brave refuse far longer ones). */
export const MAX_QUERY_CHARS = 400;

const TimeoutSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,6}$/, "SEARCH_TIMEOUT_MS must be a whole number of milliseconds"),
  v.transform(Number),
  v.minValue(1, "SEARCH_TIMEOUT_MS must be at least 1"),
);

function parseTimeout(raw: string | undefined): number {
  if (!raw?.trim()) return DEFAULT_SEARCH_TIMEOUT_MS;
  const parsed = v.safeParse(TimeoutSchema, raw);
  if (!parsed.success) throw new AppError("server_misconfigured", parsed.issues[0].message);
  return parsed.output;
}

const value = (env: SearchEnv, key: keyof SearchEnv) => env[key]?.trim() || undefined;

function isConfigured(entry: SearchProviderEntry, env: SearchEnv): boolean {
  return entry.keyRequired ? value(env, entry.keyVar) !== undefined : value(env, entry.baseURLVar) !== undefined;
}

function configOf(entry: SearchProviderEntry, env: SearchEnv, timeoutMs: number): ProviderConfig {
  const baseURL = value(env, entry.baseURLVar) ?? entry.defaultBaseURL;
  if (!baseURL) throw new AppError("server_misconfigured", `${entry.name} needs ${entry.baseURLVar}`);
  if (!URL.canParse(baseURL)) throw new AppError("server_misconfigured", `${entry.baseURLVar} is not a URL`);
  if (entry.keyRequired && !value(env, entry.keyVar))
    throw new AppError("server_misconfigured", `${entry.name} needs ${entry.keyVar}`);
  return { apiKey: value(env, entry.keyVar), baseURL, timeoutMs };
}

/** The query as sent: whitespace collapsed, at most MAX_QUERY_CHARS characters; empty is a 400. */
function cleanQuery(query: string): string {
  const q = Array.from(query.replace(/\s+/gu, " ").trim()).slice(0, MAX_QUERY_CHARS).join("");
  if (!q) throw new AppError("invalid_input", "Question is required", { field: "question" });
  return q;
}

function resultCount(opts: SearchOptions | undefined): number {
  const n = opts?.maxResults ?? DEFAULT_MAX_RESULTS;
  return Math.min(MAX_RESULTS, Math.max(1, Math.floor(n)));
}

export function createSearchSource(env: SearchEnv): SearchSource {
  const timeoutMs = parseTimeout(env.SEARCH_TIMEOUT_MS);
  const named = value(env, "SEARCH_PROVIDER")?.toLowerCase();
  let entry: SearchProviderEntry | undefined;
  if (named && named !== "offline") {
    entry = SEARCH_PROVIDERS.find((p) => p.id === named);
    if (!entry) {
      throw new AppError(
        "server_misconfigured",
        `SEARCH_PROVIDER must be one of ${SEARCH_PROVIDERS.map((p) => p.id).join(", ")} or offline`,
      );
    }
  } else if (!named) {
    entry = SEARCH_PROVIDERS.find((p) => isConfigured(p, env));
  }
  if (!entry) {
    return {
      provider: "offline",
      offline: true,
      search: async (query, opts) => ({
        provider: "offline",
        offline: true,
        results: searchOffline(cleanQuery(query), { maxResults: resultCount(opts) }),
      }),
    };
  }
  const chosen = entry;
  const config = configOf(chosen, env, timeoutMs);
  return {
    provider: chosen.id,
    offline: false,
    async search(query, opts) {
      const results = await chosen.search(config, cleanQuery(query), {
        maxResults: resultCount(opts),
        signal: opts?.signal,
      });
      return { provider: chosen.id, offline: false, results };
    },
  };
}
