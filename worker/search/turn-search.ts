// The two calls a chat turn makes for web search, so the turn pipeline (durable-objects/turn/answer.ts) stays a list of
// steps: whether this turn searches (the toggle, POST /api/chat/search, or auto-search on a time-sensitive prompt),
// and the search itself turned into the model's context and the stream's citations.
import { shouldAutoSearch } from "../protocol/auto-search";
import { buildSearchContext, type SearchContext } from "./context";
import { createSearchSource, type SearchEnv } from "./registry";
import type { SearchOptions } from "./types";

/** The daily quota bucket every searched turn takes one use of (worker/plans/entitlements.ts). */
export const SEARCH_BUCKET = "search";

/**
 * True when the turn searches the web: the client asked for search mode (toggle or /api/chat/search), or the user's
 * AI settings allow search (enable_search, default on) and the prompt looks time-sensitive (protocol/auto-search.ts).
 */
export function isSearchTurn({
  requested,
  question,
  enableSearch = true,
}: {
  requested: boolean;
  question: string;
  enableSearch?: boolean;
}): boolean {
  return requested || (enableSearch && shouldAutoSearch(question));
}

/**
 * Searches for the question with the configured source and returns the system-prompt addition and citations.
 * Throws search_auth_failed, search_rate_limited or search_unavailable (AppError) within SEARCH_TIMEOUT_MS, or the
 * signal's reason when the turn is stopped.
 */
export async function searchContextFor({
  env,
  question,
  signal,
  maxResults,
  now,
}: {
  env: SearchEnv;
  question: string;
  signal?: AbortSignal;
  maxResults?: SearchOptions["maxResults"];
  now?: Date;
}): Promise<SearchContext> {
  const answer = await createSearchSource(env).search(question, { signal, maxResults });
  return buildSearchContext(answer, { now });
}
