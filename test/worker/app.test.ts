// What the app serves around the chat: public answers that need no sign-in (the health check, the operator's public
// configuration, the JSON 404), the landing page, the notification feeds and the prompt library. One file, so workerd
// loads the worker once for all of them.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { PROMPTS } from "../../worker/prompts/catalogue";
import { FeedsBodySchema } from "../../worker/protocol/feeds";
import {
  PromptBodySchema,
  PromptListBodySchema,
  PromptPopularBodySchema,
  PromptUseBodySchema,
} from "../../worker/protocol/prompts";
import { publicConfig } from "../../worker/routes/app-config";
import { call, json, ORIGIN, seedUser, type TestUser } from "../support/api";

describe("GET /api/health", () => {
  it("answers status ok", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a JSON 404 in the error envelope", async () => {
    const res = await call("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ status: "error", code: "not_found" });
  });
});

describe("GET /api/config", () => {
  it("answers the support address from the configuration (wrangler.toml [vars]) without signing in", async () => {
    const res = await call("GET", "/api/config");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      status: "success",
      data: { support_email: "support@may.example", turnstile_site_key: null },
    });
  });

  it("gives null for a support address that is not set up or is not an email address, and trims one that is", () => {
    expect(publicConfig({}).support_email).toBeNull();
    expect(publicConfig({ SUPPORT_EMAIL: "  " }).support_email).toBeNull();
    expect(publicConfig({ SUPPORT_EMAIL: "not an address" }).support_email).toBeNull();
    expect(publicConfig({ SUPPORT_EMAIL: " hotro@may.vn " }).support_email).toBe("hotro@may.vn");
  });
});

// ---- landing -----------------------------------------------------------------------------------------------------
// GET '/': a guest's page load gets the pre-rendered landing page (the assets' /landing), a signed-in visitor's page
// load and any request that is not a page load (the service worker precaching its shell) get the SPA's index.html,
// both varying on the cookies; without a landing page (vite dev) everyone gets the SPA. The assets are a fake Fetcher
// that names what it served, passed in the env the test gives app.fetch.
/** Static assets with index.html at '/' and, unless `withLanding` is false, landing.html at /landing. */
function fakeAssets(withLanding = true) {
  const asked: string[] = [];
  const assets = {
    async fetch(input: RequestInfo | URL) {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      if (path === "/landing") return withLanding ? page("landing.html") : new Response("Not found", { status: 404 });
      return page("index.html");
    },
    connect() {
      throw new Error("not used");
    },
  };
  return { assets: assets as unknown as Fetcher, asked };
}

function page(name: string) {
  return new Response(`<!doctype html><title>${name}</title>`, {
    headers: {
      "Content-Type": "text/html",
      "Cache-Control": "public, max-age=0, must-revalidate",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    },
  });
}

async function get(headers: Record<string, string>, withLanding = true) {
  const { assets, asked } = fakeAssets(withLanding);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}/`, { headers }), { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, body: await res.text(), asked };
}

const NAVIGATION = {
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
};

describe("GET /", () => {
  it("gives a guest's page load the pre-rendered landing page, varying on the cookies", async () => {
    const { res, body, asked } = await get(NAVIGATION);
    expect(res.status).toBe(200);
    expect(body).toContain("landing.html");
    expect(asked).toEqual(["/landing"]);
    expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
    expect(res.headers.get("Content-Type")).toContain("text/html");
  });

  it("keeps the static pages' own security headers (web/public/_headers), not the API's", async () => {
    for (const headers of [NAVIGATION, { ...NAVIGATION, Cookie: "session_token=s; jwt_token=j" }]) {
      const { res } = await get(headers);
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("treats a page load without Sec-Fetch-Mode that asks for HTML as a navigation", async () => {
    const { body } = await get({ Accept: "text/html,*/*;q=0.8" });
    expect(body).toContain("landing.html");
  });

  it("gives the landing page to a guest with other cookies (a referral, preferences)", async () => {
    const { body } = await get({ ...NAVIGATION, Cookie: "may_ref=ABC123.1700000000000; other=1" });
    expect(body).toContain("landing.html");
  });

  it.each([
    ["jwt_token", "jwt_token=eyJhbGciOiJIUzI1NiJ9.e30.x"],
    ["session_token", "session_token=0123456789abcdef"],
    ["both credential cookies", "may_ref=X.1; jwt_token=eyJ.e30.x; session_token=abc"],
  ])("gives a signed-in page load (%s) the SPA, varying on the cookies", async (_label, cookie) => {
    const { res, body, asked } = await get({ ...NAVIGATION, Cookie: cookie });
    expect(res.status).toBe(200);
    expect(body).toContain("index.html");
    expect(asked).toEqual(["/"]);
    expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
  });

  it.each([
    ["the service worker's precache fetch", { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty", Accept: "*/*" }],
    ["a same-origin fetch asking for HTML", { "Sec-Fetch-Mode": "same-origin", Accept: "text/html" }],
    ["a client without Sec-Fetch-Mode not asking for HTML", { Accept: "*/*" }],
  ])("gives %s the SPA, not the landing page", async (_label, headers) => {
    const { body, asked, res } = await get(headers);
    expect(body).toContain("index.html");
    expect(asked).toEqual(["/"]);
    expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
  });

  it("falls back to the SPA for a guest when there is no landing page (vite dev)", async () => {
    const { res, body, asked } = await get(NAVIGATION, false);
    expect(res.status).toBe(200);
    expect(body).toContain("index.html");
    expect(asked).toEqual(["/landing", "/"]);
  });
});

// ---- feeds -------------------------------------------------------------------------------------------------------
// The notification feeds: GET /feeds answers D1 rows (seeded by seeds/feeds.sql, changed by the operator with SQL),
// newest first, per tab and language; a tab under maintenance answers no items; bad queries are 400s, guests 401s.
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

// ---- prompts -----------------------------------------------------------------------------------------------------
// The prompt library API: the seeded prompts in four languages, search, the cursor, "most popular" by real use
// counts, one prompt, counting a use, and the 400/401/404 answers.
async function list(u: TestUser, qs: string) {
  const res = await call("GET", `/prompts?${qs}`, { token: u.token });
  expect(res.status).toBe(200);
  return v.parse(PromptListBodySchema, await res.json()).data;
}

async function popular(u: TestUser, lang = "en") {
  const res = await call("GET", `/prompts/popular?lang=${lang}`, { token: u.token });
  expect(res.status).toBe(200);
  return v.parse(PromptPopularBodySchema, await res.json()).data.items;
}

async function use(u: TestUser, id: string) {
  const res = await call("POST", `/prompts/${id}/use`, { token: u.token });
  expect(res.status).toBe(200);
  return v.parse(PromptUseBodySchema, await res.json()).data;
}

describe("GET /prompts", () => {
  it("pages through every prompt with the cursor, in the asked language, in the envelope", async () => {
    const u = await seedUser();
    const first = await list(u, "lang=vi&limit=10");
    expect(first.lang).toBe("vi");
    expect(first.total).toBe(PROMPTS.length);
    expect(first.items).toHaveLength(10);
    expect(first.categories.map((c) => c.name)).toContain("Lập trình");
    expect(first.next_cursor).toBe(first.items[9]!.id);
    const seen = [...first.items];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(u, `lang=vi&limit=10&cursor=${cursor}`);
      seen.push(...page.items);
      cursor = page.next_cursor;
    }
    expect(seen.map((p) => p.id).sort()).toEqual(PROMPTS.map((p) => p.id).sort());
    const polish = seen.find((p) => p.id === "improve-writing")!;
    expect(polish).toMatchObject({ title: "Trau chuốt văn bản", category: "writing", category_name: "Viết lách" });
  });

  it("searches titles and texts in the asked language, accent- and case-insensitively", async () => {
    const u = await seedUser();
    const vi = await list(u, `lang=vi&q=${encodeURIComponent("EMAIL trang trong")}`);
    expect(vi.items.map((p) => p.id)).toEqual(["formal-email"]);
    const ru = await list(u, `lang=ru&q=${encodeURIComponent("резюме")}`);
    expect(ru.items.map((p) => p.id)).toContain("cv-review");
    const zh = await list(u, `lang=zh&q=${encodeURIComponent("SQL")}`);
    expect(zh.items.map((p) => p.id)).toEqual(["sql-query"]);
    expect(zh.items[0]!.title).toBe("编写 SQL 查询");
    const body = await list(u, `lang=en&q=${encodeURIComponent("50/30/20")}`);
    expect(body.items.map((p) => p.id)).toEqual(["budget-plan"]);
    const none = await list(u, "lang=en&q=zzzqqq");
    expect(none).toMatchObject({ items: [], total: 0, next_cursor: null });
  });

  it("filters by category", async () => {
    const u = await seedUser();
    const coding = await list(u, "lang=en&category=coding");
    expect(coding.items.length).toBeGreaterThan(0);
    expect(coding.items.every((p) => p.category === "coding")).toBe(true);
  });

  it("answers 400 naming the field for a bad language, limit, category, over-long search or unknown cursor", async () => {
    const u = await seedUser();
    for (const [qs, field] of [
      ["lang=fr", "lang"],
      ["limit=0", "limit"],
      ["limit=500", "limit"],
      ["limit=ten", "limit"],
      ["category=cooking", "category"],
      [`q=${"a".repeat(201)}`, "q"],
      ["cursor=no-such-prompt", "cursor"],
      ["cursor=Bad%20Id", "cursor"],
    ] as const) {
      const res = await call("GET", `/prompts?${qs}`, { token: u.token });
      expect(res.status, qs).toBe(400);
      expect(await json(res), qs).toMatchObject({ status: "error", code: "invalid_input", field });
    }
  });

  it("needs a signed-in user for every call", async () => {
    for (const [method, path] of [
      ["GET", "/prompts"],
      ["GET", "/prompts/popular"],
      ["GET", "/prompts/explain-code"],
      ["POST", "/prompts/explain-code/use"],
    ] as const) {
      const res = await call(method, path);
      expect(res.status, path).toBe(401);
      expect(await json(res)).toMatchObject({ status: "error", code: "unauthorized" });
    }
  });
});

describe("most popular", () => {
  it("orders by real use counts, counted by POST /prompts/:id/use", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const before = await popular(a);
    // Two prompts the editors rank low go to the top once people use them.
    const [low1, low2] = ["gift-ideas", "decision-helper"];
    const base1 = (await use(a, low1)).uses;
    for (let i = 0; i < 3; i++) await use(b, low1);
    for (let i = 0; i < 2; i++) await use(a, low2);
    const after = await popular(b, "ru");
    expect(after[0]).toMatchObject({ id: low1, uses: base1 + 3, title: "Идеи подарков" });
    expect(after[1]!.id).toBe(low2);
    expect(after[1]!.uses).toBeGreaterThanOrEqual(2);
    expect(after.length).toBe(before.length);
    for (let i = 1; i < after.length; i++) expect(after[i - 1]!.uses).toBeGreaterThanOrEqual(after[i]!.uses);
    // The list and the detail show the same counts.
    const detail = v.parse(
      PromptBodySchema,
      await json(await call("GET", `/prompts/${low1}?lang=zh`, { token: a.token })),
    ).data.prompt;
    expect(detail).toMatchObject({ id: low1, uses: base1 + 3, title: "礼物推荐", category_name: "生活" });
    const listed = (await list(a, "lang=en&category=life")).items.find((p) => p.id === low1);
    expect(listed?.uses).toBe(base1 + 3);
  });
});

describe("GET /prompts/:id and POST /prompts/:id/use", () => {
  it("answers 404 for a prompt that does not exist and 400 for a malformed id", async () => {
    const u = await seedUser();
    expect((await call("GET", "/prompts/no-such-prompt", { token: u.token })).status).toBe(404);
    expect((await call("POST", "/prompts/no-such-prompt/use", { token: u.token })).status).toBe(404);
    expect((await call("GET", "/prompts/Not_An_Id", { token: u.token })).status).toBe(400);
    expect((await call("GET", "/prompts/explain-code?lang=de", { token: u.token })).status).toBe(400);
  });

  it("counts each use once", async () => {
    const u = await seedUser();
    const first = await use(u, "write-tests");
    const second = await use(u, "write-tests");
    expect(second).toEqual({ id: "write-tests", uses: first.uses + 1 });
  });
});
