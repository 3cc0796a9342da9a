// The operator console's prompt library (worker/routes/admin-prompts.ts): an edit reaches users' /prompts at once, in
// each language; a new prompt is added, a prompt hidden, an edit dropped to go back to the catalogue's texts; each
// change has its audit row; bad input is a 400.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPTS } from "../../../worker/prompts/catalogue";
import { call, expectError, json, seedUser, type TestUser } from "../../support/api";

async function operator(): Promise<TestUser> {
  const u = await seedUser();
  env.ADMIN_EMAILS = u.email;
  return u;
}

const as = (op: TestUser, body?: unknown) => ({ token: op.token, sessionToken: op.sessionToken, body });
const texts = (title: string) => ({
  vi: [`${title} (vi)`, "Mô tả ngắn", "Hãy giúp tôi với [việc]"],
  en: [`${title} (en)`, "A short description", "Help me with [task]"],
  ru: [`${title} (ru)`, "Краткое описание", "Помоги мне с [задача]"],
  zh: [`${title} (zh)`, "简短描述", "帮我处理[任务]"],
});

async function library(u: TestUser, lang: string, q = "") {
  const res = await call("GET", `/prompts?lang=${lang}&limit=50&q=${encodeURIComponent(q)}`, { token: u.token });
  expect(res.status).toBe(200);
  return (await json(res)).data.items as { id: string; title: string; body: string }[];
}

afterEach(async () => {
  env.ADMIN_EMAILS = "";
  // the edits are global: each test leaves the library as the catalogue has it
  await env.DB.prepare("DELETE FROM prompt_edits").run();
});

describe("the prompt library in the operator console", () => {
  it("fixes a prompt's texts, which users then see in their language, and goes back to the catalogue's", async () => {
    const op = await operator();
    const user = await seedUser();
    const target = PROMPTS[0]!;
    const put = await call(
      "PUT",
      `/admin/api/prompts/${target.id}`,
      as(op, { category: target.category, weight: target.weight, texts: texts("Fixed") }),
    );
    expect(put.status).toBe(200);
    const one = await json(await call("GET", `/prompts/${target.id}?lang=ru`, { token: user.token }));
    expect(one.data.prompt).toMatchObject({ title: "Fixed (ru)", body: "Помоги мне с [задача]" });
    expect((await library(user, "vi")).find((p) => p.id === target.id)!.title).toBe("Fixed (vi)");
    const audit = (await json(await call("GET", "/admin/api/audit?limit=1", as(op)))).data[0];
    expect(audit).toMatchObject({ action: "prompt_edit", target: `prompt:${target.id}` });
    expect(audit.before.texts.en[0]).toBe(target.text.en[0]);

    const back = await call("DELETE", `/admin/api/prompts/${target.id}`, as(op));
    expect((await json(back)).data).toEqual({ id: target.id, reverted: true });
    expect((await library(user, "en")).find((p) => p.id === target.id)!.title).toBe(target.text.en[0]);
    await expectError(await call("DELETE", `/admin/api/prompts/${target.id}`, as(op)), 404, "not_found");
  });

  it("adds a new prompt and hides another", async () => {
    const op = await operator();
    const user = await seedUser();
    await call("PUT", "/admin/api/prompts/weekly-report", as(op, { category: "work", texts: texts("Weekly report") }));
    expect((await library(user, "en", "weekly report")).map((p) => p.id)).toEqual(["weekly-report"]);
    const hidden = PROMPTS[1]!;
    await call(
      "PUT",
      `/admin/api/prompts/${hidden.id}`,
      as(op, { category: hidden.category, texts: hidden.text, hidden: true }),
    );
    expect((await library(user, "en")).map((p) => p.id)).not.toContain(hidden.id);
    await expectError(await call("POST", `/prompts/${hidden.id}/use`, { token: user.token }), 404, "not_found");
    const listed = (await json(await call("GET", "/admin/api/prompts", as(op)))).data.prompts;
    expect(listed.find((p: any) => p.id === hidden.id)).toMatchObject({ hidden: true, source: "edited" });
    expect(listed.find((p: any) => p.id === "weekly-report")).toMatchObject({ source: "added" });
  });

  it("refuses a prompt missing a language, an unknown category, an empty title or a bad id", async () => {
    const op = await operator();
    const { zh: _zh, ...threeLanguages } = texts("x");
    const bad: [string, unknown][] = [
      ["some-prompt", { category: "work", texts: threeLanguages }],
      ["some-prompt", { category: "gardening", texts: texts("x") }],
      ["some-prompt", { category: "work", texts: { ...texts("x"), en: ["  ", "d", "b"] } }],
      ["Not An Id", { category: "work", texts: texts("x") }],
    ];
    for (const [id, body] of bad) {
      await expectError(await call("PUT", `/admin/api/prompts/${encodeURIComponent(id)}`, as(op, body)), 400);
    }
  });
});
