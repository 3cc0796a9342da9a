// "My prompts" (worker/routes/user-prompts.ts): a user saves, lists, edits and deletes their own prompts (blanks kept
// as written), up to 200 (the 201st is a 403 prompt_limit until one is deleted); bad input is a 400 naming the field.
// Authorization is user-prompts.security.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { USER_PROMPTS_MAX } from "../../../worker/protocol/prompts";
import { call, expectError, json, seedUser, type TestUser } from "../../support/api";

const as = (u: TestUser, body?: unknown) => ({ token: u.token, body });

async function save(u: TestUser, title: string, text: string) {
  const res = await call("POST", "/prompts/mine", as(u, { title, text }));
  expect(res.status).toBe(201);
  return (await json(res)).data.prompt as { id: string; title: string; text: string; updated_at: string };
}

async function mine(u: TestUser) {
  const res = await call("GET", "/prompts/mine", as(u));
  expect(res.status).toBe(200);
  return (await json(res)).data as { items: { id: string; title: string; text: string }[]; limit: number };
}

describe("my prompts", () => {
  it("saves a prompt with blanks, lists it newest change first, edits and deletes it", async () => {
    const u = await seedUser();
    expect(await mine(u)).toEqual({ items: [], limit: USER_PROMPTS_MAX });
    const first = await save(u, "  Thư gửi sếp ", " Viết thư cho {{người nhận}} về {{chủ đề}}\n");
    expect(first).toMatchObject({ title: "Thư gửi sếp", text: "Viết thư cho {{người nhận}} về {{chủ đề}}" });
    expect(new Date(first.updated_at).toISOString()).toBe(first.updated_at);
    const second = await save(u, "Перевод", "Переведи на {{язык}}: [текст]");
    expect((await mine(u)).items.map((p) => p.id)).toEqual([second.id, first.id]);

    const edited = await call("PATCH", `/prompts/mine/${first.id}`, as(u, { text: "给{{收件人}}写信" }));
    expect(edited.status).toBe(200);
    expect((await json(edited)).data.prompt).toMatchObject({
      id: first.id,
      title: "Thư gửi sếp",
      text: "给{{收件人}}写信",
    });
    const retitled = await call("PATCH", `/prompts/mine/${second.id}`, as(u, { title: "Translate" }));
    expect((await json(retitled)).data.prompt).toMatchObject({
      title: "Translate",
      text: "Переведи на {{язык}}: [текст]",
    });
    expect((await mine(u)).items.map((p) => [p.id, p.title])).toEqual([
      [second.id, "Translate"],
      [first.id, "Thư gửi sếp"],
    ]);

    const deleted = await call("DELETE", `/prompts/mine/${first.id}`, as(u));
    expect((await json(deleted)).data).toEqual({ id: first.id });
    expect((await mine(u)).items.map((p) => p.id)).toEqual([second.id]);
    await expectError(await call("DELETE", `/prompts/mine/${first.id}`, as(u)), 404, "not_found");
    await expectError(await call("PATCH", `/prompts/mine/${first.id}`, as(u, { title: "x" })), 404, "not_found");
  });

  it("refuses empty, over-long and missing titles and texts, and an edit that changes nothing, with a 400", async () => {
    const u = await seedUser();
    const cases: [unknown, string][] = [
      [{ title: "   ", text: "x" }, "title"],
      [{ title: "x".repeat(121), text: "x" }, "title"],
      [{ title: "Ok", text: " \n " }, "text"],
      [{ title: "Ok", text: "x".repeat(8_001) }, "text"],
      [{ text: "x" }, "title"],
      [{ title: 5, text: "x" }, "title"],
    ];
    for (const [body, field] of cases) {
      const err = await expectError(await call("POST", "/prompts/mine", as(u, body)), 400, "invalid_input");
      expect(err.field, JSON.stringify(body).slice(0, 60)).toBe(field);
    }
    expect((await save(u, "x".repeat(120), `  ${"y".repeat(8_000)}  `)).text).toHaveLength(8_000);
    const { id } = (await mine(u)).items[0]!;
    await expectError(await call("PATCH", `/prompts/mine/${id}`, as(u, {})), 400, "invalid_input");
    await expectError(await call("PATCH", `/prompts/mine/${id}`, as(u, { title: "" })), 400, "invalid_input");
    await expectError(
      await call("PATCH", "/prompts/mine/not a valid id!", as(u, { title: "x" })),
      400,
      "invalid_input",
    );
  });

  it("keeps at most 200 prompts a user: the next is a 403 prompt_limit until one is deleted", async () => {
    const u = await seedUser();
    const other = await seedUser();
    // 199 rows straight into D1 (one statement), then the 200th through the API
    const now = Date.now();
    const rows = Array.from({ length: USER_PROMPTS_MAX - 1 }, (_, i) => i);
    await env.DB.batch(
      rows.map((i) =>
        env.DB.prepare(
          "INSERT INTO user_prompts (id, user_id, title, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        ).bind(`seed-${u.id}-${i}`, u.id, `Prompt ${i}`, "text", now - i, now - i),
      ),
    );
    const last = await save(u, "The 200th", "text");
    const refused = await expectError(
      await call("POST", "/prompts/mine", as(u, { title: "One more", text: "text" })),
      403,
      "prompt_limit",
    );
    expect(refused.limit).toBe(USER_PROMPTS_MAX);
    expect((await mine(u)).items).toHaveLength(USER_PROMPTS_MAX);
    // the limit is the user's own: another user still saves
    await save(other, "Mine", "text");
    expect((await call("DELETE", `/prompts/mine/${last.id}`, as(u))).status).toBe(200);
    await save(u, "One more", "text");
  });
});
