// Which search source configuration picks, and the offline source used when none is configured.
import { describe, expect, it } from "vitest";
import { AppError } from "../../../worker/errors";
import { OFFLINE_SEARCH_HOST } from "../../../worker/search/offline";
import { createSearchSource } from "../../../worker/search/registry";

describe("createSearchSource", () => {
  it("answers offline when no provider is configured", async () => {
    const source = createSearchSource({});
    expect(source).toMatchObject({ provider: "offline", offline: true });
    const answer = await source.search("thời tiết hôm nay ở Hà Nội");
    expect(answer.offline).toBe(true);
    expect(answer.results.length).toBeGreaterThan(0);
    for (const r of answer.results) expect(new URL(r.url).hostname).toBe(OFFLINE_SEARCH_HOST);
    expect(answer.results[0]!.title).toBe("Tìm kiếm ngoại tuyến: “thời tiết hôm nay ở Hà Nội”");
    expect(answer.results[0]!.snippet).toMatch(/chưa cấu hình nhà cung cấp tìm kiếm web/);
  });

  it.each([
    [
      "en",
      "latest news about the weather",
      "Offline search: “latest news about the weather”",
      "Key terms: latest, news",
      "How to turn on web search",
      "Mây offline search",
    ],
    [
      "vi",
      "tin tức mới nhất về thời tiết",
      "Tìm kiếm ngoại tuyến: “tin tức mới nhất về thời tiết”",
      "Từ khóa chính: tin, tức",
      "Cách bật tìm kiếm web",
      "Tìm kiếm ngoại tuyến của Mây",
    ],
    [
      "ru",
      "последние новости о погоде",
      "Офлайн-поиск: «последние новости о погоде»",
      "Ключевые слова: последние, новости",
      "Как включить веб-поиск",
      "Офлайн-поиск Mây",
    ],
    [
      "zh",
      "今天 天气 怎么样",
      "离线搜索：「今天 天气 怎么样」",
      "关键词：今天、天气、怎么样",
      "如何开启网页搜索",
      "Mây 离线搜索",
    ],
  ])(
    "writes the offline results' titles, snippets and site in the query's language (%s)",
    async (_lang, query, first, terms, setup, site) => {
      const { results } = await createSearchSource({}).search(query);
      expect(results.map((r) => r.title)).toEqual([first, expect.stringContaining(terms), setup]);
      for (const r of results) expect(r.site).toBe(site);
      // nothing of the English texts is left in another language's results
      if (_lang !== "en")
        for (const r of results)
          expect(`${r.title} ${r.snippet} ${r.site}`).not.toMatch(
            /\b(?:Offline|search|web search would|operator|Key terms)\b/,
          );
    },
  );

  it("answers the same offline results for the same query", async () => {
    const a = await createSearchSource({}).search("latest news about Hà Nội");
    const b = await createSearchSource({}).search("  latest   news about Hà Nội ");
    expect(a).toEqual(b);
    expect(a.results[1]!.title).toBe("Key terms: latest, news, about, hà, nội");
  });

  it("picks the first configured provider when SEARCH_PROVIDER is unset", () => {
    expect(createSearchSource({ BRAVE_SEARCH_API_KEY: "k" }).provider).toBe("brave");
    expect(createSearchSource({ SEARXNG_BASE_URL: "http://localhost:8888", BRAVE_SEARCH_API_KEY: "k" }).provider).toBe(
      "brave",
    );
    expect(createSearchSource({ SEARXNG_BASE_URL: "http://localhost:8888" }).provider).toBe("searxng");
    expect(createSearchSource({ TAVILY_API_KEY: "k", BRAVE_SEARCH_API_KEY: "k" }).provider).toBe("tavily");
    expect(createSearchSource({ TAVILY_API_KEY: "  " }).provider).toBe("offline");
  });

  it("honours SEARCH_PROVIDER, including offline", () => {
    expect(
      createSearchSource({ SEARCH_PROVIDER: "Brave", BRAVE_SEARCH_API_KEY: "k", TAVILY_API_KEY: "k" }).provider,
    ).toBe("brave");
    expect(createSearchSource({ SEARCH_PROVIDER: "offline", TAVILY_API_KEY: "k" }).provider).toBe("offline");
  });

  it.each([
    [{ SEARCH_PROVIDER: "bing" }, /SEARCH_PROVIDER must be one of tavily, brave, searxng or offline/],
    [{ SEARCH_PROVIDER: "tavily" }, /Tavily needs TAVILY_API_KEY/],
    [{ SEARCH_PROVIDER: "searxng" }, /SearXNG needs SEARXNG_BASE_URL/],
    [{ SEARCH_PROVIDER: "searxng", SEARXNG_BASE_URL: "not a url" }, /SEARXNG_BASE_URL is not a URL/],
    [{ SEARCH_TIMEOUT_MS: "soon" }, /SEARCH_TIMEOUT_MS must be a whole number/],
    [{ SEARCH_TIMEOUT_MS: "0" }, /at least 1/],
  ])("refuses a misconfiguration %o with server_misconfigured", (env, message) => {
    let error: unknown;
    try {
      createSearchSource(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("server_misconfigured");
    expect((error as AppError).message).toMatch(message);
  });

  it("refuses an empty query with invalid_input", async () => {
    await expect(createSearchSource({}).search("   ")).rejects.toMatchObject({ code: "invalid_input" });
  });
});
