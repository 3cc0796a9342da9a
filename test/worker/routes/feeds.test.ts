// The notification feeds: GET /feeds answers D1 rows (seeded by seeds/feeds.sql, changed by the operator with SQL),
// newest first, per tab and language; a tab under maintenance answers no items; bad queries are 400s, guests 401s.
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FeedsBodySchema } from "../../../worker/protocol/feeds";
import { call, json, seedUser, type TestUser } from "../../support/api";

async function feeds(u: TestUser, qs: string) {
  const res = await call("GET", `/feeds?${qs}`, { token: u.token });
  expect(res.status).toBe(200);
  return v.parse(FeedsBodySchema, await res.json()).data;
}

describe("GET /feeds", () => {
  it("answers every tab from the seeded rows: offers and news live, the store under maintenance", async () => {
    const u = await seedUser();
    const data = await feeds(u, "lang=en");
    expect(data.feeds.map((f) => f.tab)).toEqual(["offers", "store", "news"]);
    const [offers, store, news] = data.feeds;
    expect(offers!.status).toBe("live");
    expect(offers!.items.map((i) => i.title)).toEqual([
      "20% off with yearly billing",
      "Invite friends, earn a 20% commission",
    ]);
    expect(offers!.items[0]).toMatchObject({
      id: "offer-yearly-20-en",
      url: "/upgrade",
      image: null,
      published_at: "2025-07-10T08:00:00.000Z",
    });
    expect(store).toEqual({ tab: "store", status: "maintenance", items: [] });
    expect(news!.items.map((i) => i.id)).toEqual(["news-prompt-library-en", "news-images-en", "news-public-beta-en"]);
  });

  it("answers one tab in the asked language", async () => {
    const u = await seedUser();
    const vi = await feeds(u, "tab=news&lang=vi");
    expect(vi.feeds).toHaveLength(1);
    expect(vi.feeds[0]!.items[0]!.title).toBe("Ra mắt thư viện prompt");
    const zh = await feeds(u, "tab=offers&lang=zh");
    expect(zh.feeds[0]!.items[0]!.title).toBe("按年付费立减 20%");
    const ru = await feeds(u, "tab=news&lang=ru&limit=1");
    expect(ru.feeds[0]!.items.map((i) => i.id)).toEqual(["news-prompt-library-ru"]);
  });

  it("follows what the operator changes in D1, without a deploy: new items, scheduled items, maintenance", async () => {
    const u = await seedUser();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO feeds (id, tab, lang, title, body, url) VALUES ('offer-flash-en', 'offers', 'en', 'Flash sale', 'Today only', 'https://example.com/sale')",
      ),
      env.DB.prepare(
        "INSERT INTO feeds (id, tab, lang, title, published_at) VALUES ('offer-later-en', 'offers', 'en', 'Not yet', ?)",
      ).bind(now + 86_400_000),
      env.DB.prepare("UPDATE feed_status SET maintenance = 0 WHERE tab = 'store'"),
      env.DB.prepare("UPDATE feed_status SET maintenance = 1 WHERE tab = 'news'"),
    ]);
    const data = await feeds(u, "lang=en");
    const byTab = Object.fromEntries(data.feeds.map((f) => [f.tab, f]));
    expect(byTab.offers!.items[0]).toMatchObject({
      id: "offer-flash-en",
      title: "Flash sale",
      body: "Today only",
      url: "https://example.com/sale",
    });
    expect(byTab.offers!.items.map((i) => i.id)).not.toContain("offer-later-en");
    expect(byTab.store).toMatchObject({ status: "live" });
    // Items published at the same moment come in id order.
    expect(byTab.store!.items.map((i) => i.id)).toEqual(["store-advanced-en", "store-basic-en"]);
    expect(byTab.news).toEqual({ tab: "news", status: "maintenance", items: [] });
  });

  it("passes on only http(s) links and the app's own paths", async () => {
    const u = await seedUser();
    await env.DB.batch(
      [
        ["news-js-en", "javascript:alert(1)", "//evil.example/x.png"],
        ["news-data-en", "data:text/html,hi", "https://cdn.example/a.png"],
      ].map(([id, url, image]) =>
        env.DB.prepare(
          "INSERT INTO feeds (id, tab, lang, title, url, image, published_at) VALUES (?, 'news', 'en', 'Odd links', ?, ?, 1)",
        ).bind(id, url, image),
      ),
    );
    await env.DB.prepare("UPDATE feed_status SET maintenance = 0 WHERE tab = 'news'").run();
    const items = (await feeds(u, "tab=news&lang=en")).feeds[0]!.items;
    expect(items.find((i) => i.id === "news-js-en")).toMatchObject({ url: null, image: null });
    expect(items.find((i) => i.id === "news-data-en")).toMatchObject({ url: null, image: "https://cdn.example/a.png" });
    expect(items.find((i) => i.id === "news-prompt-library-en")?.url).toBe("/prompts");
  });

  it("answers 400 naming the field for a bad tab, language or limit", async () => {
    const u = await seedUser();
    for (const [qs, field] of [
      ["tab=sale", "tab"],
      ["lang=de", "lang"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
    ] as const) {
      const res = await call("GET", `/feeds?${qs}`, { token: u.token });
      expect(res.status, qs).toBe(400);
      expect(await json(res), qs).toMatchObject({ status: "error", code: "invalid_input", field });
    }
  });

  it("needs a signed-in user", async () => {
    const res = await call("GET", "/feeds?tab=offers");
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ status: "error", code: "unauthorized" });
  });
});
