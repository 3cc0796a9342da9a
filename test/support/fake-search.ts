// A local HTTP server speaking the web search providers' real wire formats, for the adapter tests (worker/search/):
//   Tavily   POST ${url}/tavily/search            bearer key, JSON body {query, max_results, ...} → {query, results: [...]}
//   Brave    GET  ${url}/brave/res/v1/web/search  X-Subscription-Token, ?q=&count= → {type: "search", web: {results}}
//   SearXNG  GET  ${url}/searxng/search           ?q=&format=json (optional bearer) → {query, results: [...]}
// The query picks the scenario (FAKE_SEARCH_QUERIES); a wrong key gets each provider's own auth error. Every request
// is recorded; the tests run inside workerd, so they read the log over HTTP: GET /__requests?q=<query>.
import type { IncomingMessage, ServerResponse } from "node:http";
import { readJsonBody, sendJson, serveOnLoopback } from "./local-server.ts";
import { FAKE_SEARCH_KEYS, FAKE_SEARCH_QUERIES } from "./fake-search-scenarios.ts";

type Provider = "tavily" | "brave" | "searxng";

interface Recorded {
  provider: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  query: string | null;
  body: unknown;
}

const LOG_LIMIT = 1_000;

/** Three ordinary results for a query, the same every time. */
function pages(query: string) {
  const slug = encodeURIComponent(query.toLowerCase().replace(/\s+/g, "-"));
  return [
    {
      title: `${query} — Wikipedia`,
      url: `https://en.wikipedia.org/wiki/${slug}`,
      content: `An encyclopedia article about ${query}.`,
      host: "en.wikipedia.org",
      name: "Wikipedia",
    },
    {
      title: `${query} news`,
      url: `https://vnexpress.net/${slug}`,
      content: `The latest on ${query} from VnExpress.`,
      host: "vnexpress.net",
      name: "VnExpress",
    },
    {
      title: `Weather: ${query}`,
      url: `https://www.accuweather.com/${slug}`,
      content: `Forecast for ${query}: 31°C, light rain.`,
      host: "www.accuweather.com",
      name: "AccuWeather",
    },
  ];
}

/** Raw entries with invalid ones among them, in each provider's shape (built by `shape`). */
function mixedEntries(shape: (p: ReturnType<typeof pages>[number]) => Record<string, unknown>) {
  const [a, b] = pages("mixed");
  return [
    shape(a!),
    { title: "No URL at all", content: "dropped" },
    { ...shape(b!), url: "javascript:alert(1)" },
    { ...shape(b!), title: 42 },
    { ...shape(b!), url: "http://[" },
    shape(a!), // duplicate URL
    shape(b!),
    "not an object",
    null,
  ];
}

const tavilyEntry = (p: ReturnType<typeof pages>[number]) => ({
  title: p.title,
  url: p.url,
  content: p.content,
  score: 0.91,
  raw_content: null,
});
const braveEntry = (p: ReturnType<typeof pages>[number]) => ({
  type: "search_result",
  title: p.title,
  url: p.url,
  is_source_local: false,
  is_source_both: false,
  description: `<strong>${p.content}</strong>`,
  profile: { name: p.name, url: `https://${p.host}`, long_name: p.host, img: "" },
  language: "en",
  family_friendly: true,
  meta_url: { scheme: "https", netloc: p.host, hostname: p.host, favicon: "", path: "" },
});
const searxngEntry = (p: ReturnType<typeof pages>[number]) => ({
  url: p.url,
  title: p.title,
  content: p.content,
  engine: "duckduckgo",
  parsed_url: ["https", p.host, new URL(p.url).pathname, "", "", ""],
  template: "default.html",
  engines: ["duckduckgo", "google"],
  positions: [1, 2],
  score: 2.5,
  category: "general",
});

function tavilyError(status: number): unknown {
  // Tavily wraps errors in FastAPI's {detail: {error}}.
  const messages: Record<number, string> = {
    401: "Unauthorized: missing or invalid API key.",
    403: "Forbidden: this key may not use this endpoint.",
    429: "Your request has been blocked due to excessive requests. Please reduce rate of requests.",
    500: "Internal Server Error",
  };
  return { detail: { error: messages[status] ?? "Error" } };
}

function braveError(status: number, code: string, detail: string): unknown {
  return {
    type: "ErrorResponse",
    error: { id: "00000000-0000-4000-8000-000000000000", status, code, detail, meta: { component: "api" } },
    time: 1_763_900_000,
  };
}

export async function startFakeSearch(): Promise<{ url: string; close: () => Promise<void> }> {
  const log: Recorded[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/__requests") {
      const q = url.searchParams.get("q");
      return sendJson(res, 200, q === null ? log : log.filter((r) => r.query === q));
    }
    const body = await readJsonBody(req);
    const provider: Provider | null =
      req.method === "POST" && url.pathname === "/tavily/search"
        ? "tavily"
        : req.method === "GET" && url.pathname === "/brave/res/v1/web/search"
          ? "brave"
          : req.method === "GET" && url.pathname === "/searxng/search"
            ? "searxng"
            : null;
    const query =
      provider === "tavily"
        ? typeof (body as { query?: unknown } | null)?.query === "string"
          ? (body as { query: string }).query
          : null
        : url.searchParams.get("q");
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    );
    log.push({
      provider: provider ?? "none",
      method: req.method ?? "",
      path: url.pathname + url.search,
      headers,
      query,
      body,
    });
    if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
    if (!provider) return sendJson(res, 404, { detail: "Not Found" });

    // Authentication, as each provider does it.
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (provider === "tavily" && bearer !== FAKE_SEARCH_KEYS.tavily) return sendJson(res, 401, tavilyError(401));
    if (provider === "brave" && req.headers["x-subscription-token"] !== FAKE_SEARCH_KEYS.brave) {
      return sendJson(
        res,
        422,
        braveError(422, "SUBSCRIPTION_TOKEN_INVALID", "The provided subscription token is invalid."),
      );
    }
    if (provider === "searxng" && url.searchParams.get("format") !== "json") {
      // SearXNG refuses formats not enabled in settings.yml with a bare 403.
      return res.writeHead(403, { "content-type": "text/html" }).end("<h1>403 Forbidden</h1>");
    }
    if (provider === "searxng" && bearer !== undefined && bearer !== FAKE_SEARCH_KEYS.searxng) {
      return res.writeHead(401, { "content-type": "text/plain" }).end("401 Unauthorized");
    }
    if (query === null) return sendJson(res, 400, { detail: { error: "query is required" } });

    const errorStatus: Record<string, number> = {
      [FAKE_SEARCH_QUERIES.unauthorized]: 401,
      [FAKE_SEARCH_QUERIES.forbidden]: 403,
      [FAKE_SEARCH_QUERIES.rateLimited]: 429,
      [FAKE_SEARCH_QUERIES.serverError]: 500,
    };
    const status = errorStatus[query];
    if (status !== undefined) {
      if (provider === "tavily") return sendJson(res, status, tavilyError(status));
      if (provider === "brave") {
        const code = status === 429 ? "RATE_LIMITED" : status === 500 ? "INTERNAL" : "SUBSCRIPTION_TOKEN_INVALID";
        return sendJson(
          res,
          status,
          braveError(status, code, code === "RATE_LIMITED" ? "Request rate limit exceeded for plan." : "Error"),
        );
      }
      return res.writeHead(status, { "content-type": "text/html" }).end(`<h1>${status}</h1>`);
    }
    if (query === FAKE_SEARCH_QUERIES.hang) return; // never answers; the socket closes when the client gives up
    if (query === FAKE_SEARCH_QUERIES.hangBody) {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"results": [');
      return; // the rest never comes
    }
    if (query === FAKE_SEARCH_QUERIES.notJson)
      return res.writeHead(200, { "content-type": "text/html" }).end("<html>blocked</html>");
    if (query === FAKE_SEARCH_QUERIES.wrongShape)
      return sendJson(res, 200, provider === "brave" ? { web: { results: "nope" } } : { items: [] });

    const max =
      provider === "tavily"
        ? Number((body as { max_results?: unknown }).max_results ?? 5)
        : Number(url.searchParams.get("count") ?? 20);
    const found = query === FAKE_SEARCH_QUERIES.empty ? [] : pages(query);
    if (provider === "tavily") {
      const results =
        query === FAKE_SEARCH_QUERIES.mixed ? mixedEntries(tavilyEntry) : found.map(tavilyEntry).slice(0, max);
      return sendJson(res, 200, {
        query,
        follow_up_questions: null,
        answer: null,
        images: [],
        results,
        response_time: 0.42,
        request_id: "req-fake",
      });
    }
    if (provider === "brave") {
      const results =
        query === FAKE_SEARCH_QUERIES.mixed ? mixedEntries(braveEntry) : found.map(braveEntry).slice(0, max);
      const envelope: Record<string, unknown> = {
        type: "search",
        query: {
          original: query,
          show_strict_warning: false,
          is_navigational: false,
          spellcheck_off: true,
          country: "us",
        },
        mixed: {
          type: "mixed",
          main: results.map((_, index) => ({ type: "web", index, all: false })),
          top: [],
          side: [],
        },
      };
      // Brave leaves out `web` when it found no web results.
      if (results.length > 0) envelope.web = { type: "search", results, family_friendly: true };
      return sendJson(res, 200, envelope);
    }
    const results = query === FAKE_SEARCH_QUERIES.mixed ? mixedEntries(searxngEntry) : found.map(searxngEntry);
    return sendJson(res, 200, {
      query,
      number_of_results: results.length,
      results,
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  }

  return serveOnLoopback(handle, (err) => ({ detail: String(err) }));
}
