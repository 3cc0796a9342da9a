// The search step of a search turn (POST /api/chat/search, or search mode on a model call): the question goes to the
// configured web search source (worker/search/, or its offline source), and the results become the model's numbered
// sources and the stream's citations. It runs after the answer's stream has opened, so a slow or failing search shows
// as a clear error event in that stream (search_auth_failed, search_rate_limited, search_unavailable), never a hang.
import { AppError } from "../../worker/errors";
import type { Citation, StreamErrorCode } from "../../worker/protocol/chat-stream";
import type { SearchEnv } from "../../worker/search/registry";
import { searchContextFor } from "../../worker/search/turn-search";

export interface TurnContext {
  /** Added to the turn's system prompt. */
  system: string;
  citations: Citation[];
  /** The offline search source answered: no provider is configured. */
  searchOffline: boolean;
}

const SEARCH_ERRORS = [
  "search_auth_failed",
  "search_rate_limited",
  "search_unavailable",
] as const satisfies readonly StreamErrorCode[];

const MESSAGES: Record<(typeof SEARCH_ERRORS)[number], string> = {
  search_auth_failed:
    "The web search provider rejected the server's credentials. An administrator needs to check the key.",
  search_rate_limited: "Web search is busy right now. Please try again in a minute.",
  search_unavailable: "Web search is unavailable right now. Please try again, or ask without search.",
};

export class SearchStepError extends Error {
  constructor(
    readonly code: (typeof SEARCH_ERRORS)[number],
    message = MESSAGES[code],
  ) {
    super(message);
    this.name = "SearchStepError";
  }
}

export async function searchStep(env: SearchEnv, query: string, signal: AbortSignal): Promise<TurnContext> {
  try {
    const context = await searchContextFor({ env, question: query, signal });
    return { system: context.system, citations: context.citations, searchOffline: context.offline };
  } catch (err) {
    if (err instanceof AppError && (SEARCH_ERRORS as readonly string[]).includes(err.code)) {
      throw new SearchStepError(err.code as (typeof SEARCH_ERRORS)[number]);
    }
    console.error("web search failed", err);
    throw new SearchStepError("search_unavailable");
  }
}
