// The prompt library API: the seeded prompts in four languages, search, the cursor, "most popular" by real use
// counts, one prompt, counting a use, and the 400/401/404 answers.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { PROMPTS } from "../../../worker/prompts/catalogue";
import {
  PromptBodySchema,
  PromptListBodySchema,
  PromptPopularBodySchema,
  PromptUseBodySchema,
} from "../../../worker/protocol/prompts";
import { call, json, seedUser, type TestUser } from "../../support/api";

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
