// The user's Durable Object: its socket protocol, the account changes it applies and pushes (sessions, plan periods,
// reminders), and the generation runner that writes answers. One file, so workerd loads the worker once for all three.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { SEEN_SAVE_INTERVAL_MS } from "../../durable-objects/state/sessions";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { type AnswerRequest, runAnswer } from "../../durable-objects/turn/answer";
import { CHECKPOINT_INTERVAL_MS, EventWriter, GenerationRunner } from "../../durable-objects/turn/generation";
import { turnHost } from "../../durable-objects/turn/steps";
import type { UserHub } from "../../durable-objects/user-hub";
import { signSessionJwt } from "../../worker/auth/tokens";
import { createDb } from "../../worker/db/client";
import { userHub } from "../../durable-objects/user-hub-stub";
import { STREAM_DONE } from "../../worker/protocol/chat-stream";
import {
  call,
  eventually,
  inUserHub,
  json,
  login,
  messagesOf,
  readSse,
  seedUser,
  sessionIdOf,
  sessionOf,
  setPlan,
} from "../support/api";
import { turnInputFor } from "../support/turn-input";
import { FAKE_CUT_TEXT, FAKE_MODELS, FAKE_OK_TEXT } from "../support/fake-upstream-scenarios";
import { openSocket } from "../support/socket";
import { createOrder, pay, periodsOf, premiumInfo, shiftPaidTime } from "../worker/payments/helpers";

describe("the /ws protocol in the user's Durable Object", () => {
  it("authenticates and answers check_active_sessions with this device marked current and online", async () => {
    const u = await seedUser();
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id, token: u.token, session_token: u.sessionToken });
    const auth = await sock.next("authenticated");
    expect(auth.userId).toBe(u.id);
    sock.send({ type: "check_active_sessions" });
    const info = await sock.next("active_sessions_info");
    expect(info.force_logout).toBe(false);
    expect(info.current_session_active).toBe(true);
    expect(info.sessions).toHaveLength(1);
    expect(info.sessions[0]).toMatchObject({ current: true, online: true, user_agent: expect.any(String) });
    sock.ws.close();
  });

  it("ignores unknown and malformed frames and keeps serving", async () => {
    const u = await seedUser();
    const sock = await openSocket(u.token);
    sock.send("not json at all");
    sock.send({ type: "launch_missiles" });
    sock.send({ type: "authenticate" }); // missing userId
    sock.send({ type: "check_active_sessions" });
    const info = await sock.next("active_sessions_info");
    expect(info.current_session_active).toBe(true);
    expect(sock.frames.filter((f) => f.type === "authenticated")).toHaveLength(0);
    sock.ws.close();
  });

  it("rejects an authenticate frame with someone else's token and closes the socket", async () => {
    const u = await seedUser();
    const other = await seedUser();
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id, token: other.token });
    const info = await sock.next("active_sessions_info");
    expect(info).toMatchObject({ force_logout: true, current_session_active: false });
    expect((await sock.closed).code).toBe(4001);
  });

  it("pushes force_logout at once to the oldest device when a login goes past the free plan's 2 sessions", async () => {
    const u = await seedUser(); // session 1
    const first = await openSocket(u.token);
    first.send({ type: "authenticate", userId: u.id });
    await first.next("authenticated");
    const second = await login(u.email, u.password, "phone"); // session 2: still within the limit
    expect(first.frames.some((f) => f.type === "active_sessions_info")).toBe(false);
    await login(u.email, u.password, "laptop"); // session 3: ends session 1
    const pushed = await first.next("active_sessions_info");
    expect(pushed).toMatchObject({ force_logout: true, current_session_active: false, reason: "replaced" });
    expect(pushed.message).toMatch(/another device/);
    expect((await first.closed).code).toBe(4001);
    // the replaced session fails every HTTP call at once, the others still work
    const old = await call("GET", "/auth/me", { token: u.token });
    expect(old.status).toBe(401);
    expect((await json(old)).code).toBe("session_expired");
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(200);
  });

  it("ends another device from the sessions list: its socket is forced out with reason revoked", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password, "tablet");
    const sock = await openSocket(other.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    const list = await json(await call("GET", "/user-sessions", { token: u.token }));
    const target = list.data.find((s: any) => !s.current);
    const res = await call("DELETE", `/user-sessions/${target.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect((await sock.next("active_sessions_info")).reason).toBe("revoked");
    expect((await call("GET", "/auth/me", { token: other.token })).status).toBe(401);
  });

  it("notices an expired session on the next heartbeat", async () => {
    const u = await seedUser();
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    await inUserHub(u.id, (_hub, state) => {
      state.storage.sql.exec("UPDATE hot_sessions SET expires_at = ?", Date.now() - 1000);
    });
    sock.send({ type: "heartbeat", userId: u.id });
    const info = await sock.next("active_sessions_info");
    expect(info).toMatchObject({ force_logout: true, current_session_active: false, reason: "expired" });
  });

  it("records the heartbeat as the device's last_seen_at", async () => {
    const u = await seedUser();
    await inUserHub(u.id, (_hub, state) => {
      state.storage.sql.exec("UPDATE hot_sessions SET last_seen_at = 0");
    });
    const sock = await openSocket(u.token);
    sock.send({ type: "heartbeat", userId: u.id });
    // Frames are handled concurrently, so ask until the heartbeat's write is visible.
    const seen = await eventually(async () => {
      sock.send({ type: "check_active_sessions" });
      const info = await sock.next("active_sessions_info");
      return Date.parse(info.sessions[0].last_seen_at) > Date.now() - 60_000 ? info : null;
    });
    expect(seen.sessions[0].current).toBe(true);
    sock.ws.close();
  });

  it("writes the device's last sight to D1 at most every 10 minutes, not on every heartbeat", async () => {
    const u = await seedUser();
    const sessionId = sessionIdOf(u);
    // The object's rule: a sight is due for D1 once 10 minutes have passed since its last write.
    const due = await inUserHub(u.id, (hub) => {
      const t = Date.now() + SEEN_SAVE_INTERVAL_MS;
      return [
        hub.state.sessions.touch(sessionId, t),
        hub.state.sessions.touch(sessionId, t + 20_000),
        hub.state.sessions.touch(sessionId, t + SEEN_SAVE_INTERVAL_MS - 1),
        hub.state.sessions.touch(sessionId, t + SEEN_SAVE_INTERVAL_MS),
      ];
    });
    expect(due).toEqual([true, false, false, true]);
    // And a due heartbeat reaches D1.
    await inUserHub(u.id, (_hub, state) => {
      state.storage.sql.exec("UPDATE hot_sessions SET saved_seen_at = 0");
    });
    await env.DB.prepare("UPDATE user_sessions SET last_seen_at = 1 WHERE id = ?").bind(sessionId).run();
    const sock = await openSocket(u.token);
    await eventually(async () => {
      sock.send({ type: "heartbeat", userId: u.id });
      const row = await env.DB.prepare("SELECT last_seen_at FROM user_sessions WHERE id = ?")
        .bind(sessionId)
        .first<{ last_seen_at: number }>();
      return row!.last_seen_at > 1;
    });
    sock.ws.close();
  });

  it("warns a premium user whose plan ends within 3 days", async () => {
    const u = await seedUser();
    await setPlan(u.id, 1, Date.now() + 36 * 3600_000);
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id });
    const warn = await sock.next("premium_expiration");
    expect(warn).toMatchObject({ expired: false, days_left: 2 });
    sock.ws.close();
  });
});

describe("GET /ws upgrade", () => {
  it("answers 401 without credentials, 400 without an upgrade and 403 from another origin", async () => {
    expect((await call("GET", "/ws", { headers: { Upgrade: "websocket" } })).status).toBe(401);
    const u = await seedUser();
    expect((await call("GET", "/ws", { token: u.token })).status).toBe(400);
    expect(
      (await call("GET", "/ws", { token: u.token, headers: { Upgrade: "websocket", Origin: "https://evil.example" } }))
        .status,
    ).toBe(403);
  });

  it("answers 401 for a revoked session's token", async () => {
    const u = await seedUser();
    await call("DELETE", `/user-sessions/${u.sessionToken}`, { token: u.token });
    expect((await call("GET", "/ws", { token: u.token, headers: { Upgrade: "websocket" } })).status).toBe(401);
  });
});

// ---- account-changes ---------------------------------------------------------------------------------------------
describe("account changes through the user's Durable Object", () => {
  it("ends every other session live and keeps the one named", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password, "phone");
    const sock = await openSocket(other.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    const me = await (await call("GET", "/user-sessions", { token: u.token })).json<any>();
    const current = me.data.find((s: any) => s.current).id;
    const ended = await (await userHub(env, u.id)).endOtherSessions(current, "password_changed");
    expect(ended).toHaveLength(1);
    expect((await sock.next("active_sessions_info")).reason).toBe("password_changed");
    expect((await call("GET", "/auth/me", { token: other.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);
  });

  it("ends nothing for an empty list or another user's session ids", async () => {
    const u = await seedUser();
    const v = await seedUser();
    const list = await (await call("GET", "/user-sessions", { token: v.token })).json<any>();
    expect(await (await userHub(env, u.id)).endSessionsById([], "revoked")).toEqual([]);
    expect(await (await userHub(env, u.id)).endSessionsById([list.data[0].id], "revoked")).toEqual([]);
    expect((await call("GET", "/auth/me", { token: v.token })).status).toBe(200);
  });

  it("pushes plan_changed when premium starts, and ends surplus sessions oldest first when it ends", async () => {
    const u = await seedUser(); // oldest
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_end = ? WHERE id = ?")
      .bind(Date.now() + 86_400_000, u.id)
      .run();
    await (await userHub(env, u.id)).userChanged();
    const second = await login(u.email, u.password, "b");
    const third = await login(u.email, u.password, "c");
    const sock = await openSocket(third.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_end = ? WHERE id = ?")
      .bind(Date.now() - 1000, u.id)
      .run();
    await (await userHub(env, u.id)).userChanged();
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "free", is_premium: 2 });
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401); // free allows 2: the oldest goes
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(200);
    expect((await call("GET", "/auth/me", { token: third.token })).status).toBe(200);
    sock.ws.close();
  });
});

describe("premium reminders on the user's Durable Object alarm", () => {
  it("tells open tabs when premium has ended and falls back to the free plan's limits at once", async () => {
    const u = await seedUser(); // oldest session: the one the free plan's limit of 2 ends
    // Advanced+ (up to 5 devices) while the other two sign in, however long that takes on a loaded machine...
    await setPlan(u.id, 2, Date.now() + 86_400_000);
    const second = await login(u.email, u.password, "b");
    const third = await login(u.email, u.password, "c");
    const sock = await openSocket(third.token);
    // ...then it ends in 2 s: soon enough for the test to wait, late enough to authenticate first
    await setPlan(u.id, 2, Date.now() + 2000);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    expect(await sock.next("premium_expiration")).toMatchObject({ expired: false }); // it ends within 3 days
    // The alarm armed for the end of premium fires by itself.
    expect(await sock.next("premium_expiration", 15_000)).toMatchObject({ expired: true, days_left: 0 });
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "free" });
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(200);
    sock.ws.close();
  });

  it("arms the alarm for the next reminder when premium starts", async () => {
    const u = await seedUser();
    const end = Date.now() + 10 * 86_400_000;
    await setPlan(u.id, 1, end);
    const alarm = await inUserHub(u.id, (_hub, state) => state.storage.getAlarm());
    expect(alarm).toBe(end - 3 * 86_400_000);
  });
});

describe("the plan at a paid period's boundary, switched by the user's Durable Object alarm", () => {
  const me = async (token: string) => json(await call("GET", "/auth/me", { token }));
  const models = async (token: string) => (await json(await call("GET", "/api/models", { token }))).data;
  const total = (d: any, endpoint: string) => d.models.find((m: any) => m.endpoint === endpoint).total;
  const storedLevel = async (userId: string) =>
    await env.DB.prepare("SELECT is_premium FROM users WHERE id = ?").bind(userId).first<number>("is_premium");

  /** Lets the paid time pass until `boundary` is `inMs` from now, and has the user's object read it again. */
  async function bringBoundaryTo(userId: string, boundary: number, inMs: number): Promise<number> {
    const target = Date.now() + inMs;
    await shiftPaidTime(userId, boundary - target);
    await (await userHub(env, userId)).userChanged();
    return target;
  }

  it("Advanced+ then Basic: at Advanced+'s end the alarm switches to Basic, pushes plan_changed, and Basic's quotas and session limit apply", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "AD_1T")).order);
    await pay((await createOrder(u, "BS_1T")).order);
    // Advanced+ allows 5 devices: four more sign in, the first two are the oldest
    const second = await login(u.email, u.password, "b");
    const devices = [
      await login(u.email, u.password, "c"),
      await login(u.email, u.password, "d"),
      await login(u.email, u.password, "e"),
    ];
    const newest = devices[2]!;
    const sock = await openSocket(newest.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");

    expect((await me(newest.token)).data.user).toMatchObject({ plan: "advanced", is_premium: 2 });
    expect(total(await models(newest.token), "gpt-4.1")).toBe(600);

    const [advanced, basic] = await periodsOf(u.id);
    const boundary = await bringBoundaryTo(u.id, advanced.end_at, 2500);
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "advanced", is_premium: 2 }); // the reload's own push
    expect(await inUserHub(u.id, (_hub, state) => state.storage.getAlarm())).toBe(boundary);

    await eventually(async () => Date.now() >= boundary);
    await runDurableObjectAlarm(await userHub(env, u.id));

    const basicEnd = new Date(basic.end_at - (advanced.end_at - boundary)).toISOString();
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "basic", is_premium: 1, premium_end: basicEnd });
    expect(await storedLevel(u.id)).toBe(1);
    expect((await me(newest.token)).data.user).toMatchObject({ plan: "basic", is_premium: 1, premium_end: basicEnd });
    expect(await premiumInfo(newest)).toMatchObject({
      plan: "basic",
      is_premium: 1,
      active: true,
      premium_end: basicEnd,
    });
    const quotas = await models(newest.token);
    expect([total(quotas, "gpt-4.1"), total(quotas, "gpt-4.1-mini")]).toEqual([200, 1000]);
    // Basic allows 3 devices: the two oldest are signed out
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: second.token })).status).toBe(401);
    for (const d of devices) expect((await call("GET", "/auth/me", { token: d.token })).status).toBe(200);
    // the next alarm is Basic's 3-day reminder
    expect(await inUserHub(u.id, (_hub, state) => state.storage.getAlarm())).toBe(
      Date.parse(basicEnd) - 3 * 86_400_000,
    );
    sock.ws.close();
  });

  it("answers with the plan of the period in force from the boundary on, before the alarm has written it", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "AD_1T")).order);
    await pay((await createOrder(u, "BS_1T")).order);
    const [advanced] = await periodsOf(u.id);
    // Advanced+ ends in 300 ms; the object reads the moved periods but keeps its alarm (set for the old boundary)
    const boundary = Date.now() + 300;
    await shiftPaidTime(u.id, advanced.end_at - boundary);
    await inUserHub(u.id, (hub) => hub.state.reloadAccount());
    // the plan it answers with turns at the boundary's very millisecond
    const levelAt = (at: number) => inUserHub(u.id, (hub) => hub.state.account.user(at).isPremium);
    expect([await levelAt(boundary - 1), await levelAt(boundary)]).toEqual([2, 1]);
    await eventually(async () => Date.now() >= boundary);
    expect((await me(u.token)).data.user).toMatchObject({ plan: "basic", is_premium: 1 });
    expect(total(await models(u.token), "gpt-4.1")).toBe(200);
    expect(await storedLevel(u.id)).toBe(2);
    expect(await runDurableObjectAlarm(await userHub(env, u.id))).toBe(true);
    expect(await storedLevel(u.id)).toBe(1);
  });

  it("Basic, then Advanced+, then Basic's resumed days: the alarm goes back to Basic when Advanced+ ends, and to Free at the very end", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "BS_1T")).order);
    await pay((await createOrder(u, "AD_1T")).order);
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    const [, advanced, rest] = await periodsOf(u.id);
    expect(rest).toMatchObject({ level: 1, start_at: advanced.end_at });

    let boundary = await bringBoundaryTo(u.id, advanced.end_at, 1500);
    await sock.next("plan_changed");
    await eventually(async () => Date.now() >= boundary);
    await runDurableObjectAlarm(await userHub(env, u.id));
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "basic", is_premium: 1 });
    expect(total(await models(u.token), "gpt-4.1")).toBe(200);

    const [, , resumed] = await periodsOf(u.id);
    boundary = await bringBoundaryTo(u.id, resumed.end_at, 1500);
    await sock.next("plan_changed");
    await eventually(async () => Date.now() >= boundary);
    await runDurableObjectAlarm(await userHub(env, u.id));
    expect(await sock.next("premium_expiration")).toMatchObject({ expired: true, days_left: 0 });
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "free", is_premium: 0 });
    expect(await storedLevel(u.id)).toBe(0);
    expect(total(await models(u.token), "gpt-4.1")).toBe(0);
    expect(await premiumInfo(u)).toMatchObject({
      plan: "free",
      is_premium: 0,
      active: false,
      premium_end: new Date(boundary).toISOString(),
    });
    sock.ws.close();
  });
});

describe("sessions that exist only in D1 (made before the user's object owned them)", () => {
  it("are loaded by the object on first use: an active one works, a revoked or expired one does not", async () => {
    const userId = crypto.randomUUID();
    const now = Date.now();
    await env.DB.prepare("INSERT INTO users (id, name, email) VALUES (?, 'Old', ?)")
      .bind(userId, `old-${userId}@example.com`)
      .run();
    const sessions = { live: crypto.randomUUID(), revoked: crypto.randomUUID(), expired: crypto.randomUUID() };
    const insert = (id: string, expiresAt: number, revokedAt: number | null) =>
      env.DB.prepare(
        "INSERT INTO user_sessions (id, user_id, token_hash, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?)",
      )
        .bind(id, userId, `hash-${id}`, expiresAt, revokedAt)
        .run();
    await insert(sessions.live, now + 86_400_000, null);
    await insert(sessions.revoked, now + 86_400_000, now - 1000);
    await insert(sessions.expired, now - 1000, null);
    const tokenFor = (sid: string) => signSessionJwt(env, userId, sid, now + 86_400_000);
    expect((await call("GET", "/auth/me", { token: await tokenFor(sessions.live) })).status).toBe(200);
    expect((await call("GET", "/auth/me", { token: await tokenFor(sessions.revoked) })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: await tokenFor(sessions.expired) })).status).toBe(401);
  });
});

// ---- generation --------------------------------------------------------------------------------------------------
// The Durable Object's generation runner against the fake provider upstream: every failure ends in a clear error
// event and a saved bot message, never a hang; a stop keeps the partial text; lost answers are swept up.
function envRoutedTo(provider: "openai" | "anthropic", model: string): Env {
  const base = `${env.FAKE_UPSTREAM_URL}/${provider}`;
  return {
    ...env,
    ...(provider === "openai"
      ? { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: base }
      : { ANTHROPIC_API_KEY: "ak-test", ANTHROPIC_BASE_URL: base }),
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider, model } }),
  };
}

/** Every event of a stream the runner wrote, through the protocol's decoder. */
const readAll = (stream: ReadableStream<Uint8Array>) => readSse(new Response(stream));

describe("EventWriter", () => {
  it("ends the stream with [DONE]: the reader's next read after it is the end, with no close() needed", async () => {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = new EventWriter(writable);
    writer.event({ metadata: { message_id: "b-1" } });
    writer.content("Xin chào");
    writer.event(STREAM_DONE);
    const reader = readable.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.endsWith("data: [DONE]\n\n")) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe('data: {"metadata":{"message_id":"b-1"}}\n\ndata: {"content":"Xin chào"}\n\ndata: [DONE]\n\n');
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    writer.close(); // the runner still closes every reader when the answer ends: a second close is harmless
  });
});

/** The turn runAnswer is asked for a chat's question "hello" with the ids of `input` (test/support/turn-input.ts). */
function helloTurn(chatId: string, input: Awaited<ReturnType<typeof turnInputFor>>["input"]): AnswerRequest {
  return {
    sessionId: "unused: the user is given",
    tokenHash: null,
    claimedUserId: null,
    chatId,
    question: "hello",
    userMessageId: input.userMessage!.messageId,
    botMessageId: input.botMessageId,
    endpoint: "gpt-4.1-mini",
    isSearchMode: false,
  };
}

describe("GenerationRunner", () => {
  it("streams a provider's answer and saves it", async () => {
    const { chatId, hub, input } = await turnInputFor();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(state, envRoutedTo("openai", FAKE_MODELS.ok), createDb(env.DB), hubInstance.state).start(
          input,
        ),
      ),
    );
    expect(events[0].metadata).toMatchObject({ offline: false, message_id: input.botMessageId });
    expect(
      events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_OK_TEXT);
    expect(events.at(-1)).toBe("[DONE]");
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: FAKE_OK_TEXT, error: null, stopped: 0 });
  });

  it("keeps the partial text and ends with stream_interrupted when the upstream is cut mid-way", async () => {
    const { chatId, hub, input } = await turnInputFor();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(
          state,
          envRoutedTo("anthropic", FAKE_MODELS.cut),
          createDb(env.DB),
          hubInstance.state,
        ).start(input),
      ),
    );
    expect(
      events
        .filter((e) => e.content)
        .map((e) => e.content)
        .join(""),
    ).toBe(FAKE_CUT_TEXT);
    expect(events.at(-2)).toMatchObject({ error: "stream_interrupted", message: expect.any(String) });
    expect(events.at(-1)).toBe("[DONE]");
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: FAKE_CUT_TEXT, error: "stream_interrupted" });
  });

  it("maps an upstream 401 to provider_auth_failed, saves the failed message and gives the daily use back", async () => {
    const { u, chatId, hub, input } = await turnInputFor();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) => {
      expect(hubInstance.state.usage.take(input.usage!.day, "gpt-4.1-mini", 50)).toBe(49);
      return readAll(
        new GenerationRunner(
          state,
          envRoutedTo("openai", FAKE_MODELS.unauthorized),
          createDb(env.DB),
          hubInstance.state,
        ).start(input),
      );
    });
    expect(events.some((e) => e.error === "provider_auth_failed")).toBe(true);
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: "", error: "provider_auth_failed" });
    const usage = await env.DB.prepare("SELECT count FROM daily_usage WHERE user_id = ?").bind(u.id).first<any>();
    expect(usage.count).toBe(0);
    expect(
      await runInDurableObject(hub, (hubInstance: UserHub) =>
        hubInstance.state.usage.count(input.usage!.day, "gpt-4.1-mini"),
      ),
    ).toBe(0);
  });

  it("maps an upstream 429 to provider_rate_limited, naming the turn's request as its log line does", async () => {
    const { hub, input } = await turnInputFor();
    const log = vi.spyOn(console, "log");
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(
          state,
          envRoutedTo("anthropic", FAKE_MODELS.rateLimited),
          createDb(env.DB),
          hubInstance.state,
        ).start({ ...input, requestId: "req-turn-1" }),
      ),
    );
    expect(events.find((e) => e.error)).toMatchObject({ error: "provider_rate_limited", request_id: "req-turn-1" });
    const line = await eventually(async () =>
      log.mock.calls
        .map((c) => String(c[0]))
        .find((l) => l.includes('"event":"turn"') && l.includes(input.botMessageId)),
    );
    expect(JSON.parse(line)).toMatchObject({ request_id: "req-turn-1", status: "error" });
    log.mockRestore();
  });

  it("keeps a failed answer's request id with it, and the chat's content gives it back after a reload", async () => {
    const { u, chatId, hub, input } = await turnInputFor({ requestId: "req-kept-1" });
    const run = (routed: Env, turn: typeof input) =>
      runInDurableObject(hub, (hubInstance: UserHub, state) =>
        readAll(new GenerationRunner(state, routed, createDb(env.DB), hubInstance.state).start(turn)),
      );
    await run(envRoutedTo("anthropic", FAKE_MODELS.rateLimited), input);
    // an answer that did not fail keeps no id, even when its request had one
    const ok = { ...input, requestId: "req-ok-1", botMessageId: `b-${crypto.randomUUID()}`, userMessage: null };
    await run(envRoutedTo("openai", FAKE_MODELS.ok), ok);
    const rows = await messagesOf(chatId);
    expect(rows.find((m) => m.message_id === input.botMessageId)).toMatchObject({ request_id: "req-kept-1" });
    expect(rows.find((m) => m.message_id === ok.botMessageId)).toMatchObject({ error: null, request_id: null });
    const content = (await json(await call("GET", `/chat-sessions/${chatId}/content`, { token: u.token }))).data;
    const shown = content.chats[0].messages as any[];
    expect(shown.find((m) => m.message_id === input.botMessageId)).toMatchObject({
      error: "provider_rate_limited",
      request_id: "req-kept-1",
    });
    expect(shown.find((m) => m.message_id === ok.botMessageId)).not.toHaveProperty("request_id");
    expect(shown.find((m) => m.sender === "user")).not.toHaveProperty("request_id");
  });

  it("ends with a clear error event, and still saves, when the configuration is broken", async () => {
    const { chatId, hub, input } = await turnInputFor();
    const events = await runInDurableObject(hub, (hubInstance: UserHub, state) =>
      readAll(
        new GenerationRunner(state, { ...env, MODEL_ROUTES: "{not json" }, createDb(env.DB), hubInstance.state).start(
          input,
        ),
      ),
    );
    expect(events.find((e) => e.error)?.error).toBe("provider_error");
    expect(events.at(-1)).toBe("[DONE]");
    expect((await messagesOf(chatId)).find((m) => m.sender === "bot")?.error).toBe("provider_error");
  });

  it("gives the use back, and keeps the question before the answer, when a turn fails before its first wait", async () => {
    // The turn's writes follow its model call (answer.ts); a broken configuration fails inside that call's start.
    const { u, chatId, hub, input } = await turnInputFor();
    const broken = { ...env, MODEL_ROUTES: "{not json" };
    const { events, used, window } = await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      const db = createDb(env.DB);
      const host = turnHost(hubInstance.state, new GenerationRunner(state, broken, db, hubInstance.state), broken, db);
      await hubInstance.state.load();
      const started = await runAnswer(host, hubInstance.state.account.user(), helloTurn(chatId, input));
      expect(started.remaining).toBe(49);
      const events = await readAll(started.stream);
      return {
        events,
        used: hubInstance.state.usage.count(input.usage!.day, "gpt-4.1-mini"),
        window: hubInstance.state.chats.window(chatId)?.map((m) => m.sender),
      };
    });
    expect(events.find((e) => e.error)?.error).toBe("provider_error");
    expect(used).toBe(0);
    expect(window).toEqual(["user", "bot"]);
    const saved = await eventually(async () => {
      const rows = await messagesOf(chatId);
      return rows.length === 2 && rows;
    });
    expect(saved.map((m) => [m.sender, m.message])).toEqual([
      ["user", "hello"],
      ["bot", ""],
    ]);
    const usage = await env.DB.prepare("SELECT count FROM daily_usage WHERE user_id = ?").bind(u.id).first<any>();
    expect(usage?.count ?? 0).toBe(0);
  });

  it("sends an answer's model call out of the object before the turn's stream goes back to the worker", async () => {
    // Returned in the task that made the call, the runtime carries the stream back through the worker first and the
    // call leaves after it (user-hub.ts turn).
    const { u, chatId, hub, input } = await turnInputFor();
    const { sessionId, tokenHash } = await sessionOf(u);
    const ok = envRoutedTo("openai", FAKE_MODELS.ok);
    const order = await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      Object.assign(hubInstance, {
        generations: new GenerationRunner(state, ok, createDb(env.DB), hubInstance.state),
      });
      // the object's first answer has loaded the provider's SDK (worker/models/providers.ts lazyModel)
      const first = await hubInstance.turn({ ...helloTurn(chatId, input), sessionId, tokenHash });
      if (!first.ok || first.kind !== "answer") throw new Error(`the turn failed: ${JSON.stringify(first)}`);
      await readAll(first.stream);
      const order: string[] = [];
      const realFetch = globalThis.fetch;
      const sent = vi.spyOn(globalThis, "fetch").mockImplementation((request, init) => {
        order.push("model call");
        return realFetch(request, init);
      });
      try {
        const next = {
          ...helloTurn(chatId, input),
          userMessageId: crypto.randomUUID(),
          botMessageId: crypto.randomUUID(),
        };
        // the task the turn starts in ends here: its model call is made in it, and the turn returns in a later one
        setTimeout(() => order.push("the next task"), 0);
        const turn = await hubInstance.turn({ ...next, sessionId, tokenHash });
        order.push("turn returned");
        if (!turn.ok || turn.kind !== "answer") throw new Error(`the turn failed: ${JSON.stringify(turn)}`);
        expect((await readAll(turn.stream)).at(-1)).toBe("[DONE]");
      } finally {
        sent.mockRestore();
      }
      return order;
    });
    expect(order.slice(0, 3)).toEqual(["model call", "the next task", "turn returned"]);
  });

  it("holds a turn's use, question and checkpoint in memory until its first token has left, counting the use at once", async () => {
    const { chatId, hub, input } = await turnInputFor();
    const slow = envRoutedTo("openai", FAKE_MODELS.slow);
    await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      const db = createDb(env.DB);
      const runner = new GenerationRunner(state, slow, db, hubInstance.state);
      const host = turnHost(hubInstance.state, runner, slow, db);
      await hubInstance.state.load();
      const day = input.usage!.day;
      const { usage, chats } = hubInstance.state;
      const started = await runAnswer(host, hubInstance.state.account.user(), helloTurn(chatId, input));
      const key = `generation:${input.botMessageId}`;
      // before the first token: taken for every check (the header, the next turn's), written nowhere yet
      expect(started.remaining).toBe(49);
      expect([usage.count(day, "gpt-4.1-mini"), usage.stored(day, "gpt-4.1-mini")]).toEqual([1, 0]);
      expect(usage.ofDay(day).get("gpt-4.1-mini")).toBe(1);
      expect(chats.window(chatId)?.some((m) => m.messageId === input.userMessage!.messageId)).toBe(false);
      expect(await state.storage.get(key)).toBeUndefined();
      const reader = started.stream.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes('"content"')) text += decoder.decode((await reader.read()).value, { stream: true });
      // once it has left: written, and counted once
      await vi.waitFor(async () => expect(await state.storage.get(key)).toBeDefined());
      expect([usage.count(day, "gpt-4.1-mini"), usage.stored(day, "gpt-4.1-mini")]).toEqual([1, 1]);
      expect(chats.window(chatId)?.map((m) => [m.sender, m.message])).toEqual([["user", "hello"]]);
      runner.stop(input.botMessageId);
      while (!(await reader.read()).done) {
        // drained: the stopped answer is saved
      }
    });
  });

  it("stops a slow upstream answer on request and keeps what arrived", async () => {
    const { chatId, hub, input } = await turnInputFor();
    const events = await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      const runner = new GenerationRunner(
        state,
        envRoutedTo("openai", FAKE_MODELS.slow),
        createDb(env.DB),
        hubInstance.state,
      );
      const stream = runner.start(input);
      const reader = stream.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes('"content"')) text += decoder.decode((await reader.read()).value, { stream: true });
      expect(runner.running()).toEqual([input.botMessageId]);
      expect(runner.stop(input.botMessageId)).toBe(true);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return text;
    });
    expect(events).toContain('"stopped":true');
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot.stopped).toBe(1);
    expect(bot.message.length).toBeGreaterThan(0);
  });

  it("records a turn once its first token has left, and arms the watchdog alarm a second in, not on the way to it", async () => {
    const { hub, input } = await turnInputFor();
    await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      expect(await state.storage.getAlarm()).toBeNull();
      const runner = new GenerationRunner(
        state,
        envRoutedTo("openai", FAKE_MODELS.slow),
        createDb(env.DB),
        hubInstance.state,
      );
      const begun = Date.now();
      const reader = runner.start(input).getReader();
      const key = `generation:${input.botMessageId}`;
      // nothing is written on the way to the first token (the output gate would hold it until the write is durable)
      expect(await state.storage.get(key)).toBeUndefined();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes('"content"')) text += decoder.decode((await reader.read()).value, { stream: true });
      // the turn is checkpointed once its first token has left (a restart of the object saves it), no alarm set yet
      await vi.waitFor(async () => expect(await state.storage.get(key)).toBeDefined());
      expect(await state.storage.getAlarm()).toBeNull();
      // the slow upstream sends a chunk every 100 ms: the first periodic checkpoint, a second in, arms it
      let alarm: number | null = null;
      while (alarm === null) {
        await reader.read();
        alarm = await state.storage.getAlarm();
      }
      // a second after the answer began, however long its first token took
      expect(Date.now() - begun).toBeGreaterThanOrEqual(CHECKPOINT_INTERVAL_MS);
      expect(alarm).toBeGreaterThan(Date.now() + 55_000);
      runner.stop(input.botMessageId);
      while (!(await reader.read()).done) {
        // drained: the stopped answer is saved
      }
    });
  });

  it("saves a turn whose object was restarted mid-way: the user message and the checkpointed text with generation_lost", async () => {
    const { chatId, hub, input } = await turnInputFor();
    const { prompt: _p, ...turn } = input;
    await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      await state.storage.put(`generation:${input.botMessageId}`, {
        turn,
        text: "Half an answ",
        updatedAt: Date.now(),
      });
      await new GenerationRunner(state, env, createDb(env.DB), hubInstance.state).recoverInterrupted();
      expect(await state.storage.get(`generation:${input.botMessageId}`)).toBeUndefined();
    });
    const saved = await messagesOf(chatId);
    expect(saved.map((m) => m.sender)).toEqual(["user", "bot"]);
    expect(saved[0]).toMatchObject({ message: "hello", message_id: input.userMessage!.messageId });
    expect(saved[1]).toMatchObject({
      message: "Half an answ",
      error: "generation_lost",
      message_id: input.botMessageId,
    });
  });

  it("arms the watchdog alarm when a save fails in the recovery an object's start runs, and keeps the turn for it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { chatId, hub, input } = await turnInputFor();
    const { prompt: _p, ...turn } = input;
    const key = `generation:${input.botMessageId}`;
    // the main database refuses every batch: the turn's count cannot be written
    const unavailable = new Proxy(env.DB, {
      get: (db, name) =>
        name === "batch"
          ? () => Promise.reject(new Error("D1 is unavailable"))
          : typeof Reflect.get(db, name) === "function"
            ? Reflect.get(db, name).bind(db)
            : Reflect.get(db, name),
    });
    await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      await state.storage.put(key, { turn, text: "Half an answ", updatedAt: Date.now() });
      expect(await state.storage.getAlarm()).toBeNull();
      await new GenerationRunner(state, env, createDb(unavailable), hubInstance.state).recoverInterrupted();
      expect(await state.storage.get(key)).toBeDefined();
      expect(await state.storage.getAlarm()).toBeGreaterThan(Date.now() + 55_000);
      // the alarm's sweep, with D1 back, saves it
      await new GenerationRunner(state, env, createDb(env.DB), hubInstance.state).onAlarm();
      expect(await state.storage.get(key)).toBeUndefined();
      await state.storage.deleteAlarm();
    });
    expect((await messagesOf(chatId)).map((m) => [m.sender, m.message])).toEqual([
      ["user", "hello"],
      ["bot", "Half an answ"],
    ]);
  });

  it("keeps an ended turn whose D1 write failed and saves its outcome on the next sweep", async () => {
    const { chatId, hub, input } = await turnInputFor();
    const { prompt: _p, ...turn } = input;
    const outcome = { text: "The whole answer.", citations: [], stopped: false, error: null };
    await runInDurableObject(hub, async (hubInstance: UserHub, state) => {
      await state.storage.put(`generation:${input.botMessageId}`, {
        turn,
        text: outcome.text,
        updatedAt: Date.now(),
        outcome,
      });
      await new GenerationRunner(state, env, createDb(env.DB), hubInstance.state).recoverInterrupted();
    });
    const bot = (await messagesOf(chatId)).find((m) => m.sender === "bot");
    expect(bot).toMatchObject({ message: "The whole answer.", error: null });
  });
});
