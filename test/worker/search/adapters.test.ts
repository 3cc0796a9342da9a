// Each web search adapter against the local fake (test/support/fake-search.ts) speaking the provider's real wire
// format: results validated at the edge (invalid entries dropped), and 401/403, 429, other failures and a timeout each
// a clear typed error, never a hang.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../worker/errors";
import { createSearchSource, type SearchEnv } from "../../../worker/search/registry";
import { FAKE_SEARCH_KEYS, FAKE_SEARCH_QUERIES as Q } from "../../support/fake-search-scenarios";

const base = env.FAKE_SEARCH_URL;
/**
 * The providers' time limit in these tests, in milliseconds: long, so a fake that answers is never cut off on a loaded
 * machine; the tests of a provider that never answers set HANG_LIMIT_MS instead, to see the limit without waiting long.
 */
const LIMIT_MS = "10000";
const HANG_LIMIT_MS = "300";

const configs: Record<string, SearchEnv> = {
  tavily: {
    SEARCH_PROVIDER: "tavily",
    TAVILY_API_KEY: FAKE_SEARCH_KEYS.tavily,
    TAVILY_BASE_URL: `${base}/tavily`,
    SEARCH_TIMEOUT_MS: LIMIT_MS,
  },
  brave: {
    SEARCH_PROVIDER: "brave",
    BRAVE_SEARCH_API_KEY: FAKE_SEARCH_KEYS.brave,
    BRAVE_SEARCH_BASE_URL: `${base}/brave`,
    SEARCH_TIMEOUT_MS: LIMIT_MS,
  },
  searxng: { SEARCH_PROVIDER: "searxng", SEARXNG_BASE_URL: `${base}/searxng`, SEARCH_TIMEOUT_MS: LIMIT_MS },
};

async function requestsFor(q: string): Promise<any[]> {
  return (await fetch(`${base}/__requests?q=${encodeURIComponent(q)}`)).json();
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected the search to fail");
}

describe.each(Object.entries(configs))("the %s adapter", (provider, config) => {
  const source = (limitMs = LIMIT_MS) => createSearchSource({ ...config, SEARCH_TIMEOUT_MS: limitMs });

  it("returns validated results with title, url, snippet and site", async () => {
    const query = `thời tiết hôm nay ở Hà Nội ${provider}`;
    const answer = await source().search(query);
    expect(answer).toMatchObject({ provider, offline: false });
    expect(answer.results).toHaveLength(3);
    expect(answer.results[0]).toEqual({
      title: `${query} — Wikipedia`,
      url: expect.stringMatching(/^https:\/\/en\.wikipedia\.org\/wiki\//),
      snippet: `An encyclopedia article about ${query}.`,
      site: expect.stringMatching(/^(Wikipedia|en\.wikipedia\.org)$/),
    });
    for (const r of answer.results) expect(r.snippet).not.toMatch(/<[^>]+>/);
  });

  it("asks at most maxResults and keeps at most that many", async () => {
    const answer = await source().search(`limit test ${provider}`, { maxResults: 2 });
    expect(answer.results).toHaveLength(2);
  });

  it("drops invalid entries and duplicates instead of trusting them", async () => {
    const answer = await source().search(Q.mixed);
    expect(answer.results.map((r) => r.url)).toEqual([
      "https://en.wikipedia.org/wiki/mixed",
      "https://vnexpress.net/mixed",
    ]);
  });

  it("answers an empty list when nothing was found", async () => {
    expect((await source().search(Q.empty)).results).toEqual([]);
  });

  it.each([
    [Q.unauthorized, "search_auth_failed", 502],
    [Q.forbidden, "search_auth_failed", 502],
    [Q.rateLimited, "search_rate_limited", 429],
    [Q.serverError, "search_unavailable", 503],
    [Q.notJson, "search_unavailable", 503],
    [Q.wrongShape, "search_unavailable", 503],
  ])("turns %s into %s", async (query, code, status) => {
    const err = await errorOf(source().search(query));
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.details).toEqual({ provider });
  });

  it.each([Q.hang, Q.hangBody])("gives up on %s after the time limit with search_unavailable", async (query) => {
    const started = Date.now();
    const err = await errorOf(source(HANG_LIMIT_MS).search(query));
    expect(err.code).toBe("search_unavailable");
    expect(err.message).toMatch(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops at once when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const pending = source().search(Q.hang, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stopped by the user")), 20);
    await expect(pending).rejects.toThrow("stopped by the user");
  });
});

describe("the wire formats", () => {
  it("Tavily: POST /search with a bearer key and a JSON body", async () => {
    const query = "tavily wire check";
    await createSearchSource(configs.tavily!).search(query, { maxResults: 4 });
    const [req] = await requestsFor(query);
    expect(req).toMatchObject({ method: "POST", path: "/tavily/search" });
    expect(req.headers.authorization).toBe(`Bearer ${FAKE_SEARCH_KEYS.tavily}`);
    expect(req.body).toMatchObject({ query, max_results: 4 });
  });

  it("Brave: GET /res/v1/web/search with X-Subscription-Token and q, count", async () => {
    const query = "brave wire check";
    await createSearchSource(configs.brave!).search(query, { maxResults: 4 });
    const [req] = await requestsFor(query);
    expect(req.method).toBe("GET");
    expect(req.path).toBe("/brave/res/v1/web/search?q=brave+wire+check&count=4&text_decorations=false");
    expect(req.headers["x-subscription-token"]).toBe(FAKE_SEARCH_KEYS.brave);
  });

  it("SearXNG: GET /search?format=json, with a bearer key only when one is configured", async () => {
    const query = "searxng wire check";
    await createSearchSource(configs.searxng!).search(query);
    await createSearchSource({ ...configs.searxng, SEARXNG_API_KEY: FAKE_SEARCH_KEYS.searxng }).search(query);
    const [plain, keyed] = await requestsFor(query);
    expect(plain.path).toBe("/searxng/search?q=searxng+wire+check&format=json");
    expect(plain.headers.authorization).toBeUndefined();
    expect(keyed.headers.authorization).toBe(`Bearer ${FAKE_SEARCH_KEYS.searxng}`);
  });

  it("maps Brave's 422 SUBSCRIPTION_TOKEN_INVALID (a wrong key) to search_auth_failed", async () => {
    const err = await errorOf(createSearchSource({ ...configs.brave, BRAVE_SEARCH_API_KEY: "wrong" }).search("any"));
    expect(err.code).toBe("search_auth_failed");
  });

  it("maps Tavily's 401 for a wrong key to search_auth_failed", async () => {
    const err = await errorOf(createSearchSource({ ...configs.tavily, TAVILY_API_KEY: "tvly-wrong" }).search("any"));
    expect(err.code).toBe("search_auth_failed");
  });

  it("maps a SearXNG behind a proxy refusing the key to search_auth_failed", async () => {
    const err = await errorOf(createSearchSource({ ...configs.searxng, SEARXNG_API_KEY: "wrong" }).search("any"));
    expect(err.code).toBe("search_auth_failed");
  });

  it("reports an unreachable provider as search_unavailable", async () => {
    const err = await errorOf(
      createSearchSource({ ...configs.searxng, SEARXNG_BASE_URL: "http://127.0.0.1:1" }).search("any"),
    );
    expect(err.code).toBe("search_unavailable");
  });
});
