// Deleting an account (POST /auth/delete-account): after the password (or, without one, a fresh sign-in with a linked
// Google account), nothing of the user remains — no row with their id in any table of the main database or of their
// chat shard, no object under their keys in R2, no live session, no shared link — except their payment records, kept
// and moved to the placeholder account that holds no personal data. Another user's data is untouched.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DELETED_ACCOUNT_ID } from "../../../worker/auth/account-deletion";
import {
  call,
  chatsOf,
  expectError,
  inUserHub,
  json,
  makeChat,
  seedUser,
  TEST_PASSWORD,
  type TestUser,
} from "../../support/api";
import { seedMessages, seedPicture, share, visit } from "../../support/shares";
import { googleToken, uniqueId } from "../accounts/social-helpers";
import { createOrder, pay } from "../payments/helpers";

/** Every table of a database with a column naming a user, and those columns. */
async function userColumns(d1: D1Database): Promise<[string, string[]][]> {
  const { results: tables } = await d1
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    )
    .all<{ name: string }>();
  const out: [string, string[]][] = [];
  for (const { name } of tables) {
    const { results: columns } = await d1.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    const named = columns
      .map((c) => c.name)
      .filter(
        (c) => /(^|_)(user_id|referrer_id|referred_user_id|referred_by)$/.test(c) || (name === "users" && c === "id"),
      );
    if (named.length) out.push([name, named]);
  }
  return out;
}

/** Rows that still name the user, as "table.column: n". */
async function rowsNaming(d1: D1Database, userId: string): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of await userColumns(d1)) {
    for (const column of columns) {
      const row = await d1
        .prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`)
        .bind(userId)
        .first<{ n: number }>();
      if (row && row.n > 0) found.push(`${table}.${column}: ${row.n}`);
    }
  }
  return found;
}

async function objectsUnder(prefix: string) {
  return (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);
}

/** A user with a bit of everything: chats and a picture, an upload, an avatar, a shared link, memory, a paid order. */
async function busyUser() {
  const u = await seedUser();
  const chatId = await makeChat(u.id, "Mine");
  const picture = await seedPicture(u.id, chatId);
  await seedMessages(u.id, chatId, [
    { id: "q", sender: "user", text: "Hello" },
    { id: "a", sender: "bot", text: `![p](/media-api/api/images/${picture})` },
  ]);
  await env.IMAGES.put(`uploads/${u.id}/up`, "x", { customMetadata: { name: "a.txt", group: "text" } });
  await env.IMAGES.put(`avatars/${u.id}/face`, "x");
  const link = await share(u, chatId);
  await call("POST", "/auth/memories", { token: u.token, body: { content: "Lives in Huế" } });
  const { order } = await createOrder(u, "BS_1T");
  await pay(order);
  return { u, chatId, link, order };
}

function deleteAccount(u: TestUser, body: Record<string, unknown> = { password: TEST_PASSWORD }) {
  return call("POST", "/auth/delete-account", { token: u.token, body });
}

describe("deleting an account", () => {
  it("leaves no row and no object of the user, and keeps the payments detached", async () => {
    const { u, chatId, link, order } = await busyUser();
    const other = await seedUser();
    const theirs = await makeChat(other.id, "Theirs");
    await seedMessages(other.id, theirs, [{ id: "q", sender: "user", text: "still here" }]);
    const shard = await chatsOf(u.id);
    expect((await rowsNaming(env.DB, u.id)).length).toBeGreaterThan(3);

    // a failed sign-in is counted under the address
    await call("POST", "/auth/login", { body: { email: u.email, password: "not the password" } });
    const counted = () =>
      env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE instr(key, ?) > 0").bind(u.email).first("n");
    expect(await counted()).toBeGreaterThan(0);

    const res = await deleteAccount(u);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ deleted: true });
    expect(res.headers.get("Set-Cookie")).toContain("jwt_token=;");

    expect(await rowsNaming(env.DB, u.id)).toEqual([]);
    expect(await rowsNaming(shard, u.id)).toEqual([]);
    expect(await counted()).toBe(0);
    expect(await shard.prepare("SELECT count(*) AS n FROM messages WHERE chat_id = ?").bind(chatId).first("n")).toBe(0);
    for (const prefix of [`images/${u.id}/`, `uploads/${u.id}/`, `avatars/${u.id}/`, `shares/${link.id}`]) {
      expect(await objectsUnder(prefix), prefix).toEqual([]);
    }
    expect((await visit(link.path)).status).toBe(404);
    // the user's object keeps no row of theirs (its tables stay, with their schema versions)
    const kept = await inUserHub(u.id, (_hub, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'",
        )
        .toArray();
      return tables.flatMap(({ name }) => {
        const where = name === "hot_meta" ? " WHERE key NOT LIKE '%version'" : "";
        const n = state.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM "${name}"${where}`).one().n;
        return n > 0 ? [`${name}: ${n}`] : [];
      });
    });
    expect(kept).toEqual([]);
    // the paid order stays, for the accounts, owned by nobody
    const paid = await env.DB.prepare("SELECT user_id, status, amount FROM payment_orders WHERE code = ?")
      .bind(order.code)
      .first();
    expect(paid).toEqual({ user_id: DELETED_ACCOUNT_ID, status: "paid", amount: order.amount });
    const placeholder = await env.DB.prepare("SELECT name, email, password_hash FROM users WHERE id = ?")
      .bind(DELETED_ACCOUNT_ID)
      .first();
    expect(placeholder).toEqual({ name: "", email: `${DELETED_ACCOUNT_ID}@invalid`, password_hash: null });
    // signed out, and cannot sign in again
    await expectError(await call("GET", "/auth/me", { token: u.token }), 401);
    await expectError(await call("POST", "/auth/login", { body: { email: u.email, password: TEST_PASSWORD } }), 401);
    // another user's data is untouched
    const content = await call("GET", `/chat-sessions/${theirs}/content`, { token: other.token });
    expect(content.status).toBe(200);
  });

  it("refuses without the right password, and deletes nothing", async () => {
    const { u } = await busyUser();
    await expectError(await deleteAccount(u, { password: "wrong password" }), 400, "incorrect_password");
    await expectError(await deleteAccount(u, {}), 400, "incorrect_password");
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);
    expect((await rowsNaming(env.DB, u.id)).length).toBeGreaterThan(3);
  });

  it("takes a fresh sign-in with a linked Google account when the account has no password", async () => {
    const sub = uniqueId();
    const email = `g${sub}@example.com`;
    const signedIn = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email }) } }),
    );
    const u = {
      id: signedIn.data.user.id,
      email,
      token: signedIn.data.token,
      sessionToken: signedIn.data.session_token,
    };
    await expectError(await deleteAccount(u, {}), 400, "invalid_input");
    // a Google account that is not this one's
    const stranger = await googleToken({ sub: uniqueId(), email: "someone@example.com" });
    await expectError(await deleteAccount(u, { provider: "google", token: stranger }), 401, "invalid_social_token");
    const res = await deleteAccount(u, { provider: "google", token: await googleToken({ sub, email }) });
    expect(res.status).toBe(200);
    expect(await rowsNaming(env.DB, u.id)).toEqual([]);
  });

  it("needs a sign-in", async () => {
    await expectError(await call("POST", "/auth/delete-account", { body: { password: "x" } }), 401);
  });
});
