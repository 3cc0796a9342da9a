// One owner for a user's state: the user's Durable Object keeps a copy of the user row with the paid periods, of the
// AI settings, remembered facts and model keys, and of the recent messages of the chats it has seen, and answers
// every call from it. One walk through every route that changes any of it, checking after each step that the
// object's copy is what D1 now holds (or, for a chat, that the object has let go of it and re-reads it), and that
// the change is the one the route made.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readAccount } from "../../durable-objects/state/d1-reads";
import { createDb } from "../../worker/db/client";
import { aiSettingsFromRow } from "../../worker/db/settings";
import { planOf } from "../../worker/plans/entitlements";
import {
  call,
  chatsHolding,
  inUserHub,
  json,
  ORIGIN,
  readSse,
  seedUser,
  type TestUser,
  workerFetch,
  PNG_1X1,
} from "../support/api";
import { latestCode } from "../worker/accounts/helpers";
import { googleToken, uniqueId } from "../worker/accounts/social-helpers";
import { createOrder, pay } from "../worker/payments/helpers";

/** What the user's object keeps of the account, read inside it. */
function kept(userId: string) {
  return inUserHub(userId, (hub) => ({
    user: hub.state.account.user(),
    row: hub.state.account.row(),
    periods: hub.state.account.periods(),
    personalization: hub.state.personalization.get(),
    shard: hub.state.account.shard(),
  }));
}

/** The object's copy of the account is D1's, after the step named. Returns the copy for the step's own checks. */
async function accountInSync(userId: string, step: string) {
  const [copy, stored] = await Promise.all([kept(userId), readAccount(createDb(env.DB), userId)]);
  expect(copy.row, `${step}: the user row`).toEqual(stored.user);
  expect(copy.periods, `${step}: the paid periods`).toEqual(stored.periods);
  expect(copy.shard, `${step}: the chat shard`).toBe(stored.shard);
  expect(copy.personalization, `${step}: the AI settings, remembered facts and model keys`).toEqual({
    settings: aiSettingsFromRow(stored.settings),
    memories: stored.memories,
    modelKeys: stored.modelKeys,
  });
  return copy;
}

/** The object's window of a chat: null when it does not hold the chat (the next turn reads it from D1). */
function windowOf(userId: string, chatId: string) {
  return inUserHub(userId, (hub) => hub.state.chats.window(chatId)?.map((m) => m.messageId) ?? null);
}

/** The chat's newest messages in D1, oldest first, as many as the object's window holds. */
async function storedTail(chatId: string, count: number): Promise<string[]> {
  const { results } = await (await chatsHolding(chatId))
    .prepare("SELECT message_id FROM messages WHERE chat_id = ? ORDER BY created_at DESC, id DESC LIMIT ?")
    .bind(chatId, count)
    .all<{ message_id: string }>();
  return results.map((r) => r.message_id).reverse();
}

/** The object holds the chat's messages as D1 has them, or does not hold the chat at all. */
async function chatInSync(userId: string, chatId: string, step: string): Promise<string[] | null> {
  const window = await windowOf(userId, chatId);
  if (window !== null) expect(window, `${step}: the chat's window`).toEqual(await storedTail(chatId, window.length));
  return window;
}

/** A question in the chat, read to its end (the turn has saved it to D1 by then). */
async function ask(u: TestUser, chatId: string, question: string) {
  const res = await call("POST", "/api/chat/gpt-4.1-mini", { token: u.token, body: { question, chat_id: chatId } });
  if (res.status !== 200) return res.status;
  const events = await readSse(res);
  expect(events.at(-1)).toBe("[DONE]");
  return res.status;
}

async function ok(res: Response, step: string, status = 200) {
  expect(res.status, `${step}: ${res.status === status ? "" : await res.clone().text()}`).toBe(status);
  return json(res);
}

describe("the user's Durable Object sees every change to what it keeps", () => {
  it("walks every route that changes the account, the personalization or a chat, and finds the object in step", async () => {
    const u = await seedUser();
    const as = (path: string, method: string, body?: unknown, token = u.token) => call(method, path, { token, body });

    // ---- the account: the user row and the paid periods ----------------------------------------------------------
    await ok(await as("/auth/update-profile", "PATCH", { name: "Lan Phạm", language: "vi" }), "profile");
    expect((await accountInSync(u.id, "profile")).user).toMatchObject({ name: "Lan Phạm", language: "vi" });

    const upload = await workerFetch(
      new Request(`${ORIGIN}/auth/avatar`, {
        method: "POST",
        headers: { Authorization: `Bearer ${u.token}`, "Content-Type": "image/png" },
        body: Uint8Array.from(atob(PNG_1X1), (ch) => ch.charCodeAt(0)),
      }),
    );
    const avatar = (await ok(upload, "avatar", 201)).data.avatar as string;
    expect((await accountInSync(u.id, "avatar")).user.avatar).toBe(avatar);
    await ok(await as("/auth/avatar", "DELETE"), "avatar removed");
    expect((await accountInSync(u.id, "avatar removed")).user.avatar).toBeNull();

    const joined = await ok(await as("/auth/join-affiliate", "POST"), "affiliate join");
    expect((await accountInSync(u.id, "affiliate join")).user.affiliateCode).toBe(joined.data.affiliate_code);

    await pay((await createOrder(u, "BS_1T")).order);
    const paid = await accountInSync(u.id, "payment webhook");
    expect(planOf(paid.user), "payment webhook: the plan in force").toBe("basic");
    expect(paid.periods, "payment webhook: the period bought").toHaveLength(1);

    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await ok(await as("/auth/email-verification/request-change", "POST", { newEmail }), "email change asked");
    await ok(
      await as("/auth/email-verification/verify-code", "POST", { verificationCode: await latestCode(newEmail) }),
      "email change",
    );
    expect((await accountInSync(u.id, "email change")).user.email).toBe(newEmail);

    // Linked identities are not part of the object's copy: linking and unlinking leave it as D1 has it.
    const googleId = uniqueId();
    const google = await googleToken({ sub: googleId, email: newEmail, name: "Lan" });
    const linked = await ok(
      await as("/auth/linked-accounts", "POST", { provider: "google", token: google, password: u.password }),
      "social link",
    );
    expect(linked.data.providers.map((p: { provider: string }) => p.provider)).toEqual(["google"]);
    await accountInSync(u.id, "social link");
    await ok(await as("/auth/unlink-account", "POST", { provider: "google" }), "social unlink");
    await accountInSync(u.id, "social unlink");

    const before = (await kept(u.id)).row.passwordHash;
    await ok(
      await as("/auth/change-password", "POST", { currentPassword: u.password, newPassword: "a new password 1" }),
      "password change",
    );
    expect((await accountInSync(u.id, "password change")).row.passwordHash).not.toBe(before);
    // The object checks the next change against the new password.
    await ok(
      await as("/auth/change-password", "POST", {
        currentPassword: "a new password 1",
        newPassword: "a new password 2",
      }),
      "password changed again",
    );
    await accountInSync(u.id, "password changed again");

    // ---- the personalization: AI settings, remembered facts, own model keys ----------------------------------------
    await ok(
      await as("/auth/update-ai-settings", "PATCH", { chat_customization: "Answer briefly.", ai_style: "practical" }),
      "AI settings",
    );
    expect((await accountInSync(u.id, "AI settings")).personalization.settings).toMatchObject({
      chatCustomization: "Answer briefly.",
      aiStyle: "practical",
    });
    await ok(await as("/auth/update-chat-customization", "POST", { customization: "Answer in Vietnamese." }), "custom");
    expect((await accountInSync(u.id, "custom instruction")).personalization.settings.chatCustomization).toBe(
      "Answer in Vietnamese.",
    );

    const fact = await ok(await as("/auth/memories", "POST", { content: "Lives in Đà Nẵng" }), "memory added", 201);
    await ok(await as("/auth/memories", "POST", { content: "Has a cat" }), "another memory", 201);
    expect((await accountInSync(u.id, "memory added")).personalization.memories).toEqual([
      "Lives in Đà Nẵng",
      "Has a cat",
    ]);
    await ok(await as(`/auth/memories/${fact.data.id}`, "DELETE"), "memory deleted");
    expect((await accountInSync(u.id, "memory deleted")).personalization.memories).toEqual(["Has a cat"]);
    await ok(await as("/auth/memories", "DELETE"), "memories cleared");
    expect((await accountInSync(u.id, "memories cleared")).personalization.memories).toEqual([]);

    await ok(
      await as("/auth/external-models/grok", "PUT", { apiKey: `good-grok-${crypto.randomUUID()}` }),
      "model key",
    );
    const keyed = await accountInSync(u.id, "model key");
    expect(keyed.personalization.modelKeys.map((k) => k.provider)).toEqual(["grok"]);
    await ok(await as("/auth/external-models/grok", "DELETE"), "model key removed");
    expect((await accountInSync(u.id, "model key removed")).personalization.modelKeys).toEqual([]);

    // ---- chats: status, star, delete, clear, and the media API's writes ---------------------------------------------
    const chatA = (await ok(await as("/chat-sessions", "POST", { title: "A" }), "chat created", 201)).data.id as string;
    expect(await ask(u, chatA, "First question")).toBe(200);
    expect(await chatInSync(u.id, chatA, "first turn"), "the object holds the chat after a turn").toHaveLength(2);

    await ok(await as(`/chat-sessions/${chatA}/toggle-star`, "PATCH", {}), "star");
    await ok(await as(`/chat-sessions/${chatA}`, "PATCH", { title: "Renamed" }), "rename");
    expect(await chatInSync(u.id, chatA, "star and rename"), "a star or a title is not in the window").toHaveLength(2);

    for (const [path, ids] of [
      ["/media-api/api/chat/save", ["saved-u1", "saved-b1"]],
      ["/chat-messages/save", ["saved-u2", "saved-b2"]],
    ] as const) {
      await ok(
        await as(path, "POST", {
          chat_id: chatA,
          messages: [
            { message_id: ids[0], sender: "user", message: `Saved question ${path}` },
            { message_id: ids[1], sender: "bot", message: `Saved answer ${path}` },
          ],
        }),
        path,
      );
      await chatInSync(u.id, chatA, path);
      expect(await ask(u, chatA, `After ${path}`)).toBe(200);
      const window = await chatInSync(u.id, chatA, `the turn after ${path}`);
      expect(window, `the turn after ${path} saw the saved messages`).toEqual(expect.arrayContaining([...ids]));
    }

    const chatB = crypto.randomUUID();
    await ok(await as("/media-api/api/chat/initialize", "POST", { chat_id: chatB, data: { title: "B" } }), "init", 201);
    await ok(await as("/chat/initialize", "POST", { chat_id: chatB }), "initialize again");
    expect(await ask(u, chatB, "A question in the initialized chat")).toBe(200);
    expect(await chatInSync(u.id, chatB, "initialized chat"), "the object holds the initialized chat").toHaveLength(2);

    const stored = await ok(
      await as("/media-api/api/bot/images", "POST", { image_data: PNG_1X1, chat_id: chatA, prompt: "a dot" }),
      "bot image",
      201,
    );
    const edited = await ok(
      await as("/api/chat/image", "POST", {
        question: "make it larger",
        chat_id: chatA,
        is_edit: true,
        original_image: stored.data.url,
      }),
      "an image turn edits the stored image",
    );
    expect(edited).toMatchObject({ isEdit: true, originalImage: stored.data.url });
    await chatInSync(u.id, chatA, "image turn");

    await ok(await as(`/chat-sessions/${chatA}`, "PATCH", { status: "deleted" }), "chat deleted");
    expect(await windowOf(u.id, chatA), "a deleted chat is let go").toBeNull();
    expect(await ask(u, chatA, "Still there?"), "a turn in a deleted chat").toBe(404);

    await ok(await as("/chat-sessions", "DELETE"), "conversations cleared");
    expect(await windowOf(u.id, chatB), "a cleared chat is let go").toBeNull();
    expect(await ask(u, chatB, "Still there?"), "a turn in a cleared chat").toBe(404);

    // ---- a password reset, which ends every session: the object keeps the new password all the same ---------------
    const beforeReset = (await kept(u.id)).row.passwordHash;
    await ok(await call("POST", "/auth/forgot-password", { body: { email: newEmail } }), "forgot password");
    const reset = await call("POST", "/auth/reset-password", {
      body: { email: newEmail, code: await latestCode(newEmail), newPassword: "the reset password" },
    });
    await ok(reset, "password reset");
    expect((await accountInSync(u.id, "password reset")).row.passwordHash).not.toBe(beforeReset);
  });
});
