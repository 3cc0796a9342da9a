// The search source used when no provider is configured, so the product runs offline (development, demos, tests):
// it searches nothing and says so. Its results are derived only from the query (the same query always gives the
// same results) and point at https://offline.may.invalid/..., a host under the reserved .invalid TLD (RFC 2606) that
// can never resolve, so no one mistakes them for real pages; the answer carries offline: true for the UI's badge.
import type { SearchResult } from "./types";

export const OFFLINE_SEARCH_HOST = "offline.may.invalid";
const SITE = "Mây offline search";

/** The query's distinct words (letters and digits), in order, at most `max`. */
function keyTerms(query: string, max: number): string[] {
  const seen = new Set<string>();
  for (const m of query.normalize("NFC").toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (seen.size >= max) break;
    seen.add(m[0]);
  }
  return [...seen];
}

export function searchOffline(query: string, opts: { maxResults: number }): SearchResult[] {
  const q = query.replace(/\s+/gu, " ").trim();
  const encoded = encodeURIComponent(q);
  const terms = keyTerms(q, 8);
  const results: SearchResult[] = [
    {
      title: `Offline search: “${q}”`,
      url: `https://${OFFLINE_SEARCH_HOST}/search?q=${encoded}`,
      snippet:
        "No web search provider is configured, so Mây did not search the web for this question. The answer uses the model's own knowledge only.",
      site: SITE,
    },
    {
      title: `Key terms: ${terms.join(", ") || q}`,
      url: `https://${OFFLINE_SEARCH_HOST}/terms/${terms.map(encodeURIComponent).join("+") || encoded}`,
      snippet: `A web search would have looked for pages about ${terms.map((t) => `“${t}”`).join(", ") || `“${q}”`}.`,
      site: SITE,
    },
    {
      title: "How to turn on web search",
      url: `https://${OFFLINE_SEARCH_HOST}/setup`,
      snippet: "An operator sets SEARCH_PROVIDER (tavily, brave or searxng) and its key or base URL; see the README's configuration table.",
      site: SITE,
    },
  ];
  return results.slice(0, Math.max(1, opts.maxResults));
}
