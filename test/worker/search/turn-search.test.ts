// What a chat turn calls: whether it searches, and the search as model context and citations.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isSearchTurn, searchContextFor } from "../../../worker/search/turn-search";
import { FAKE_SEARCH_KEYS, FAKE_SEARCH_QUERIES } from "../../support/fake-search-scenarios";

describe("isSearchTurn", () => {
  it("searches when asked, whatever the prompt", () => {
    expect(isSearchTurn({ requested: true, question: "write a poem" })).toBe(true);
  });

  it("auto-searches a time-sensitive prompt unless the user turned search off", () => {
    expect(isSearchTurn({ requested: false, question: "thời tiết hôm nay ở Hà Nội" })).toBe(true);
    expect(isSearchTurn({ requested: false, question: "thời tiết hôm nay ở Hà Nội", enableSearch: false })).toBe(false);
    expect(isSearchTurn({ requested: false, question: "write a poem about the sea" })).toBe(false);
  });
});

describe("searchContextFor", () => {
  const tavily = {
    SEARCH_PROVIDER: "tavily",
    TAVILY_API_KEY: FAKE_SEARCH_KEYS.tavily,
    TAVILY_BASE_URL: `${env.FAKE_SEARCH_URL}/tavily`,
    // long, so the fake's answer is never cut off on a loaded machine; the test of the limit sets a short one
    SEARCH_TIMEOUT_MS: "10000",
  };

  it("gives the model numbered sources and the stream its citations", async () => {
    const ctx = await searchContextFor({
      env: tavily,
      question: "thời tiết hôm nay ở Hà Nội",
      now: new Date("2026-11-23T00:00:00Z"),
    });
    expect(ctx.offline).toBe(false);
    expect(ctx.citations).toHaveLength(3);
    expect(ctx.citations[0]).toMatchObject({
      url: expect.stringMatching(/^https:\/\//),
      title: expect.any(String),
      site: expect.any(String),
    });
    expect(ctx.system).toContain("[1] ");
    expect(ctx.system).toContain("[3] ");
  });

  it("answers offline, and says so, when no provider is configured", async () => {
    const ctx = await searchContextFor({ env: {}, question: "latest news" });
    expect(ctx.offline).toBe(true);
    expect(ctx.system).toMatch(/Web search is offline/);
  });

  it("fails with a typed error within the time limit", async () => {
    const env = { ...tavily, SEARCH_TIMEOUT_MS: "300" };
    await expect(searchContextFor({ env, question: FAKE_SEARCH_QUERIES.hang })).rejects.toMatchObject({
      code: "search_unavailable",
    });
  });
});
