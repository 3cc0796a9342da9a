// Ratings of answers (worker/routes/feedback.ts): stored per answer version, changed, taken back, read back per chat,
// and counted per model and provider in the operator's usage figures, moving with every change and counted once
// however many requests arrive at once.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { quotaDay } from "../../../worker/lib/time";
import { call, chatsOf, expectError, json, seedUser } from "../../support/api";
import { chatWithAnswer, feedbackPath, rate } from "../../support/feedback";

/** The day's thumbs of a model and provider in usage_rollups. */
async function thumbs(model: string, provider = "offline", day = quotaDay()) {
  const row = await env.DB.prepare(
    "SELECT thumbs_up AS up, thumbs_down AS down FROM usage_rollups WHERE day = ? AND model = ? AND provider = ?",
  )
    .bind(day, model, provider)
    .first<{ up: number; down: number }>();
  return row ?? { up: 0, down: 0 };
}

/** A model name no other test counts under. */
const freshModel = () => `test-model-${crypto.randomUUID().slice(0, 8)}`;

afterEach(() => {
  env.ADMIN_EMAILS = "";
});

describe("rating an answer", () => {
  it("stores a thumbs down with its reason and comment, and the chat reads it back", async () => {
    const u = await seedUser();
    const chatId = await chatWithAnswer(u, freshModel());
    const res = await rate(u, chatId, { rating: "down", reason: "inaccurate", comment: "  The date is wrong.  " });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({
      message_id: "a1",
      rating: "down",
      reason: "inaccurate",
      comment: "The date is wrong.",
    });
    const list = await call("GET", `/chat-sessions/${chatId}/feedback`, { token: u.token });
    expect(list.status).toBe(200);
    expect((await json(list)).data).toEqual({
      a1: { rating: "down", reason: "inaccurate", comment: "The date is wrong." },
    });
  });

  it("changes a rating, and takes it back with DELETE", async () => {
    const u = await seedUser();
    const chatId = await chatWithAnswer(u, freshModel());
    await rate(u, chatId, { rating: "down", reason: "unsafe" });
    const changed = await rate(u, chatId, { rating: "up", comment: "" });
    expect((await json(changed)).data).toEqual({ message_id: "a1", rating: "up", reason: null, comment: null });
    const removed = await call("DELETE", feedbackPath(chatId), { token: u.token });
    expect(removed.status).toBe(200);
    const list = await json(await call("GET", `/chat-sessions/${chatId}/feedback`, { token: u.token }));
    expect(list.data).toEqual({});
    // taking back what is not there is still a 200
    expect((await call("DELETE", feedbackPath(chatId), { token: u.token })).status).toBe(200);
  });

  it("refuses a bad rating, a reason on a thumbs up and a comment past 1,000 characters", async () => {
    const u = await seedUser();
    const chatId = await chatWithAnswer(u, freshModel());
    await expectError(await rate(u, chatId, { rating: "meh" }), 400, "invalid_input");
    await expectError(await rate(u, chatId, { rating: "up", reason: "inaccurate" }), 400, "invalid_input");
    await expectError(await rate(u, chatId, { rating: "down", reason: "boring" }), 400, "invalid_input");
    await expectError(await rate(u, chatId, { rating: "down", comment: "x".repeat(1_001) }), 400, "invalid_input");
    expect((await rate(u, chatId, { rating: "down", comment: "x".repeat(1_000) })).status).toBe(200);
  });
});

describe("ratings in the usage figures", () => {
  it("counts a rating on today's row of the answer's model and moves the count when it changes", async () => {
    const u = await seedUser();
    const model = freshModel();
    const chatId = await chatWithAnswer(u, model);
    await rate(u, chatId, { rating: "up" });
    expect(await thumbs(model)).toEqual({ up: 1, down: 0 });
    // the same rating again, or a new comment, counts nothing more
    await rate(u, chatId, { rating: "up", comment: "Nice" });
    expect(await thumbs(model)).toEqual({ up: 1, down: 0 });
    await rate(u, chatId, { rating: "down", reason: "other" });
    expect(await thumbs(model)).toEqual({ up: 0, down: 1 });
    await call("DELETE", feedbackPath(chatId), { token: u.token });
    expect(await thumbs(model)).toEqual({ up: 0, down: 0 });
  });

  it("moves the count from the day it was made on", async () => {
    const u = await seedUser();
    const model = freshModel();
    const chatId = await chatWithAnswer(u, model);
    await rate(u, chatId, { rating: "up" });
    // as if the rating had been made (and counted) on an earlier day
    await env.DB.batch([
      env.DB.prepare("UPDATE message_feedback SET day = '2026-01-02' WHERE chat_id = ?").bind(chatId),
      env.DB.prepare("UPDATE usage_rollups SET day = '2026-01-02' WHERE model = ?").bind(model),
    ]);
    await rate(u, chatId, { rating: "down" });
    expect(await thumbs(model, "offline", "2026-01-02")).toEqual({ up: 0, down: 0 });
    expect(await thumbs(model)).toEqual({ up: 0, down: 1 });
  });

  it("counts two ratings sent at once once, and two removals at once once", async () => {
    const u = await seedUser();
    const model = freshModel();
    const chatId = await chatWithAnswer(u, model);
    const puts = await Promise.all([rate(u, chatId, { rating: "down" }), rate(u, chatId, { rating: "down" })]);
    expect(puts.map((r) => r.status)).toEqual([200, 200]);
    expect(await thumbs(model)).toEqual({ up: 0, down: 1 });
    const flips = await Promise.all([rate(u, chatId, { rating: "up" }), rate(u, chatId, { rating: "down" })]);
    expect(flips.map((r) => r.status)).toEqual([200, 200]);
    const stored = await env.DB.prepare("SELECT rating FROM message_feedback WHERE chat_id = ?")
      .bind(chatId)
      .first<{ rating: string }>();
    const counts = await thumbs(model);
    expect(counts.up + counts.down).toBe(1);
    expect(counts[stored!.rating as "up" | "down"]).toBe(1);
    await Promise.all([
      call("DELETE", feedbackPath(chatId), { token: u.token }),
      call("DELETE", feedbackPath(chatId), { token: u.token }),
    ]);
    expect(await thumbs(model)).toEqual({ up: 0, down: 0 });
  });

  it("counts each version of an answer on its own", async () => {
    const u = await seedUser();
    const model = freshModel();
    const chatId = await chatWithAnswer(u, model);
    const now = Date.now();
    await (await chatsOf(u.id))
      .prepare(
        `INSERT INTO messages (chat_id, user_id, message_id, sender, message, model, endpoint, offline, created_at, updated_at, parent_id)
         VALUES (?, ?, 'a1b', 'bot', 'Another answer', ?, ?, 1, ?, ?, 'q1')`,
      )
      .bind(chatId, u.id, model, model, now + 2, now + 2)
      .run();
    await rate(u, chatId, { rating: "down", reason: "unhelpful" });
    await rate(u, chatId, { rating: "up" }, "a1b");
    expect(await thumbs(model)).toEqual({ up: 1, down: 1 });
    const list = await json(await call("GET", `/chat-sessions/${chatId}/feedback`, { token: u.token }));
    expect(Object.keys(list.data).sort()).toEqual(["a1", "a1b"]);
  });

  it("counts an answer of a provider's model under the catalogue's provider", async () => {
    const u = await seedUser();
    const chatId = await chatWithAnswer(u, "gpt-4.1-mini", false);
    const before = await thumbs("gpt-4.1-mini", "openai");
    await rate(u, chatId, { rating: "up" });
    expect(await thumbs("gpt-4.1-mini", "openai")).toEqual({ ...before, up: before.up + 1 });
    const row = await env.DB.prepare("SELECT model, provider, day FROM message_feedback WHERE chat_id = ?")
      .bind(chatId)
      .first();
    expect(row).toEqual({ model: "gpt-4.1-mini", provider: "openai", day: quotaDay() });
  });

  it("shows the thumbs per model and per provider in the operator's usage figures", async () => {
    const op = await seedUser();
    env.ADMIN_EMAILS = op.email;
    const u = await seedUser();
    const model = freshModel();
    const first = await chatWithAnswer(u, model);
    const second = await chatWithAnswer(u, model);
    await rate(u, first, { rating: "up" });
    await rate(u, second, { rating: "down", reason: "inaccurate" });
    const res = await call("GET", `/admin/api/usage?from=${quotaDay()}&to=${quotaDay()}`, {
      token: op.token,
      sessionToken: op.sessionToken,
    });
    expect(res.status).toBe(200);
    const data = (await json(res)).data;
    expect(data.models.find((m: any) => m.model === model)).toMatchObject({
      day: quotaDay(),
      provider: "offline",
      turns: 0,
      thumbsUp: 1,
      thumbsDown: 1,
    });
    const offline = data.providers.find((p: any) => p.provider === "offline" && p.day === quotaDay());
    expect(offline.thumbsUp).toBeGreaterThanOrEqual(1);
    expect(offline.thumbsDown).toBeGreaterThanOrEqual(1);
  });
});
