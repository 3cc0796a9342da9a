// Any SearXNG-compatible JSON endpoint (https://docs.searxng.org/dev/search_api.html): GET
// {base}/search?q=&format=json (the instance must list `json` in its search formats, else it answers 403). The answer
// is {query, number_of_results, results: [{url, title, content, engine, parsed_url, ...}], answers, ...}. An optional
// key is sent as a bearer token for instances behind an authenticating proxy.
import * as v from "valibot";
import { fetchSearchJson, keepValid, parseEnvelope } from "./http";
import type { SearchResult } from "./types";

const EnvelopeSchema = v.object({ results: v.array(v.unknown()) });
const EntrySchema = v.object({
  url: v.string(),
  title: v.optional(v.string(), ""),
  content: v.optional(v.string(), ""),
  // [scheme, netloc, path, params, query, fragment], as Python's urlparse gives it
  parsed_url: v.optional(v.array(v.string())),
});

export async function searchSearxng(
  config: { baseURL: string; apiKey?: string; timeoutMs: number },
  query: string,
  opts: { maxResults: number; signal?: AbortSignal },
): Promise<SearchResult[]> {
  const url = new URL(`${config.baseURL.replace(/\/+$/, "")}/search`);
  url.searchParams.set("q", query);
  url.searchParams.set("format", "json");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
  const body = await fetchSearchJson({
    provider: "searxng",
    url: url.toString(),
    init: { method: "GET", headers },
    timeoutMs: config.timeoutMs,
    signal: opts.signal,
  });
  const { results } = parseEnvelope(EnvelopeSchema, body, "searxng");
  return keepValid(
    results,
    EntrySchema,
    (e) => ({ title: e.title, url: e.url, snippet: e.content, site: e.parsed_url?.[1]?.replace(/^www\./, "") }),
    opts.maxResults,
  );
}
