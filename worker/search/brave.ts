// Brave Search (https://api-dashboard.search.brave.com/app/documentation/web-search): GET
// {base}/res/v1/web/search?q=&count= with the key in X-Subscription-Token; the answer is {type: "search", query,
// web?: {results: [{title, url, description, profile: {name}, meta_url: {hostname}, ...}]}} (no `web` when nothing
// was found).
import * as v from "valibot";
import { fetchSearchJson, keepValid, parseEnvelope } from "./http";
import type { SearchResult } from "./types";

export const BRAVE_DEFAULT_BASE_URL = "https://api.search.brave.com";

const EnvelopeSchema = v.object({ web: v.optional(v.object({ results: v.optional(v.array(v.unknown()), []) })) });
const EntrySchema = v.object({
  title: v.string(),
  url: v.string(),
  description: v.optional(v.string(), ""),
  profile: v.optional(v.object({ name: v.optional(v.string()) })),
  meta_url: v.optional(v.object({ hostname: v.optional(v.string()) })),
});

// Brave's errors: {type: "ErrorResponse", error: {id, status, code, detail, meta}, time}. An invalid key is HTTP 422
// with code SUBSCRIPTION_TOKEN_INVALID, not a 401.
const ErrorBodySchema = v.object({ error: v.object({ code: v.string() }) });

function classifyBraveError(_status: number, body: unknown): "auth" | "rate_limited" | undefined {
  const parsed = v.safeParse(ErrorBodySchema, body);
  if (!parsed.success) return undefined;
  const { code } = parsed.output.error;
  if (code === "SUBSCRIPTION_TOKEN_INVALID" || code === "SUBSCRIPTION_NOT_FOUND") return "auth";
  if (code === "RATE_LIMITED") return "rate_limited";
  return undefined;
}

/** Brave marks matches with <strong> unless text_decorations=false; any tag left is removed, never rendered. */
const stripTags = (s: string) => s.replace(/<[^>]*>/g, "");

export async function searchBrave(
  config: { apiKey: string; baseURL: string; timeoutMs: number },
  query: string,
  opts: { maxResults: number; signal?: AbortSignal },
): Promise<SearchResult[]> {
  const url = new URL(`${config.baseURL.replace(/\/+$/, "")}/res/v1/web/search`);
  url.searchParams.set("q", query);
  url.searchParams.set("count", String(opts.maxResults));
  url.searchParams.set("text_decorations", "false");
  const body = await fetchSearchJson({
    provider: "brave",
    url: url.toString(),
    init: { method: "GET", headers: { Accept: "application/json", "X-Subscription-Token": config.apiKey } },
    timeoutMs: config.timeoutMs,
    signal: opts.signal,
    classify: classifyBraveError,
  });
  const envelope = parseEnvelope(EnvelopeSchema, body, "brave");
  return keepValid(
    envelope.web?.results ?? [],
    EntrySchema,
    (e) => ({
      title: stripTags(e.title),
      url: e.url,
      snippet: stripTags(e.description),
      site: e.profile?.name ?? e.meta_url?.hostname,
    }),
    opts.maxResults,
  );
}
