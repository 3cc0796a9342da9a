// "My prompts" and authorization: another user's prompt is a 404 to every call and stays as it was, nobody else's list
// shows it, every call needs a sign-in, and the library's own routes still answer beside /prompts/mine.
import { describe, expect, it } from "vitest";
import { call, expectError, json, seedUser, type TestUser } from "../../support/api";

const as = (u: TestUser, body?: unknown) => ({ token: u.token, body });

async function save(u: TestUser, title: string, text: string) {
  const res = await call("POST", "/prompts/mine", as(u, { title, text }));
  expect(res.status).toBe(201);
  return (await json(res)).data.prompt as { id: string };
}

async function mine(u: TestUser) {
  return (await json(await call("GET", "/prompts/mine", as(u)))).data as { items: unknown[] };
}

describe("my prompts: authorization", () => {
  it("answers 404 to another user's prompt and leaves it as it was", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const p = await save(owner, "Private", "Secret {{thing}}");
    await expectError(await call("PATCH", `/prompts/mine/${p.id}`, as(other, { title: "Taken" })), 404, "not_found");
    await expectError(await call("DELETE", `/prompts/mine/${p.id}`, as(other)), 404, "not_found");
    expect((await mine(other)).items).toEqual([]);
    expect((await mine(owner)).items).toMatchObject([{ id: p.id, title: "Private", text: "Secret {{thing}}" }]);
  });

  it("needs a sign-in, and leaves the library's own routes as they were", async () => {
    await expectError(await call("GET", "/prompts/mine"), 401);
    await expectError(await call("POST", "/prompts/mine", { body: { title: "x", text: "y" } }), 401);
    await expectError(await call("PATCH", "/prompts/mine/abc", { body: { title: "x" } }), 401);
    await expectError(await call("DELETE", "/prompts/mine/abc"), 401);
    const u = await seedUser();
    expect((await call("GET", "/prompts?lang=en&limit=1", as(u))).status).toBe(200);
    expect((await call("GET", "/prompts/sql-query?lang=en", as(u))).status).toBe(200);
  });
});
