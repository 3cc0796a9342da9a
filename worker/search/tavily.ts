// Tavily (https://docs.tavily.com): POST {base}/search with a bearer key and a JSON body {query, max_results, ...};
// the answer is {query, results: [{title, url, content, score, ...}], response_time, ...}.
import * as v from "valibot";
import { fetchSearchJson, keepValid, parseEnvelope } from "./http";
import type { SearchResult } from "./types";

export const TAVILY_DEFAULT_BASE_URL = "https://api.tavily.com";

const EnvelopeSchema = v.object({ results: v.array(v.unknown()) });
const EntrySchema = v.object({ title: v.string(), url: v.string(), content: v.optional(v.string(), "") });

export async function searchTavily(
  config: { apiKey: string; baseURL: string; timeoutMs: number },
  query: string,
  opts: { maxResults: number; signal?: AbortSignal },
): Promise<SearchResult[]> {
  const body = await fetchSearchJson({
    provider: "tavily",
    url: `${config.baseURL.replace(/\/+$/, "")}/search`,
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        query,
        max_results: opts.maxResults,
        search_depth: "basic",
        topic: "general",
        include_answer: false,
      }),
    },
    timeoutMs: config.timeoutMs,
    signal: opts.signal,
  });
  const { results } = parseEnvelope(EnvelopeSchema, body, "tavily");
  return keepValid(results, EntrySchema, (e) => ({ title: e.title, url: e.url, snippet: e.content }), opts.maxResults);
}
