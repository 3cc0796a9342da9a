// Test helpers: call the real worker (its fetch handler, in workerd) and make users with real sessions.
import { createExecutionContext, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { GenerationRunner } from "../../durable-objects/turn/generation";
import { runTurn, turnHost } from "../../durable-objects/turn/turn";
import type { UserHub } from "../../durable-objects/user-hub";
import { hashPassword } from "../../worker/auth/password";
import { newSessionToken, SESSION_TTL_MS, sha256Hex, signSessionJwt } from "../../worker/auth/tokens";
import { createDb } from "../../worker/db/client";
import { normalizeEmail } from "../../worker/db/users";
import { users } from "../../worker/db/schema";
import {
  MAIN_SHARD,
  pickShard,
  placeUserStatements,
  shardD1,
  shardNames,
  shardOf,
  shardOfQuery,
} from "../../worker/db/shards";
import { quotaDay } from "../../worker/lib/time";
import { userHub } from "../../durable-objects/user-hub-stub";
import { decodeEvents } from "../../worker/protocol/chat-stream";
import worker from "../../worker/index";

export const ORIGIN = "https://may.test";

/** A 1×1 PNG, base64: the smallest real image for the image routes. */
export const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * One request to the worker: its fetch handler called in this isolate with the test bindings and a fresh execution
 * context, as workerd calls it. Not through `exports.default.fetch` (or `SELF`): in @cloudflare/vitest-pool-workers
 * 0.15 every call through that binding makes the later ones slower (measured: 2 ms a call at first, 70 ms after 300
 * calls, 130 ms after 400), which made a file of a few hundred requests spend most of its time there.
 */
export async function workerFetch(request: Request): Promise<Response> {
  return worker.fetch(request, env, createExecutionContext());
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  sessionToken: string;
}

let counter = 0;

/** Calls the worker with a JSON body and optional bearer credentials. */
export async function call(
  method: string,
  path: string,
  opts: {
    body?: unknown;
    token?: string;
    sessionToken?: string;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    redirect?: "follow" | "manual" | "error";
  } = {},
): Promise<Response> {
  const headers = new Headers(opts.headers);
  if (opts.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.sessionToken) headers.set("X-Session-Token", opts.sessionToken);
  return workerFetch(
    new Request(ORIGIN + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
      signal: opts.signal,
      redirect: opts.redirect,
    }),
  );
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** The password of the users a test makes unless it names one. */
export const TEST_PASSWORD = "correct horse battery";

/** Registers a fresh user through the real /auth/register route: for the tests of sign-up itself (else seedUser). */
export async function registerUser(
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<TestUser & { password: string }> {
  counter++;
  const email = overrides.email ?? `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? TEST_PASSWORD;
  const res = await call("POST", "/auth/register", {
    body: { name: overrides.name ?? `User ${counter}`, email, password },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = await json(res);
  return { id: body.data.user.id, email, password, token: body.data.token, sessionToken: body.data.session_token };
}

/**
 * TEST_PASSWORD's hash, derived once per test file: PBKDF2 at the product's 100,000 iterations costs tens of
 * milliseconds a user, and most tests need a signed-in user, not a sign-up.
 */
let testPasswordHash: ReturnType<typeof hashPassword> | undefined;

/**
 * A fresh user written straight to D1 with a session started in the user's Durable Object, as login does
 * (worker/auth/issue-session.ts): the same rows (the user placed on the least full chat shard) and credentials as
 * /auth/register gives, without its password hashing. The user can still log in with the password.
 */
export async function seedUser(
  overrides: {
    email?: string;
    password?: string;
    name?: string;
    /** The chat shard to place the user on instead of the least full one ("DB": none, as before shards). */
    shard?: string;
  } = {},
): Promise<TestUser & { password: string }> {
  counter++;
  const email = overrides.email ?? `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? TEST_PASSWORD;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const pw = password === TEST_PASSWORD ? await testPasswordHash : await hashPassword(password);
  const db = createDb(env.DB);
  const id = crypto.randomUUID();
  const [[user]] = await db.batch([
    db
      .insert(users)
      .values({
        id,
        name: overrides.name ?? `User ${counter}`,
        email: normalizeEmail(email),
        passwordHash: pw.hash,
        passwordSalt: pw.salt,
        passwordIterations: pw.iterations,
      })
      .returning(),
    ...placeUserStatements({ db, userId: id, shard: overrides.shard ?? (await pickShard(db, env)) }),
  ]);
  if (!user) throw new Error(`seeding ${email} failed`);
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  const sessionToken = newSessionToken();
  const expiresAt = now + SESSION_TTL_MS;
  const hub = await userHub(env, user.id);
  await hub.startSession(user, {
    id: sessionId,
    token: sessionToken,
    userAgent: "",
    ip: null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  const token = await signSessionJwt(env, user.id, sessionId, expiresAt);
  return { id: user.id, email, password, token, sessionToken };
}

export async function login(email: string, password: string, userAgent = "test-agent"): Promise<TestUser> {
  const res = await call("POST", "/auth/login", { body: { email, password, user_agent: userAgent } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = await json(res);
  return { id: body.data.user.id, email, token: body.data.token, sessionToken: body.data.session_token };
}

/**
 * Reads a whole SSE body into its events with the protocol's own decoder (worker/protocol/chat-stream.ts), as the SPA
 * reads them: the events' objects, and the literal "[DONE]". Typed loosely, for assertions on any field.
 */
export async function readSse(res: Response): Promise<any[]> {
  const { events, rest } = decodeEvents(await res.text());
  expect(rest.trim(), "an unfinished event at the end of the stream").toBe("");
  return events;
}

/**
 * Reads an SSE body until `stop(eventsSoFar)` says so; returns the reader (still open), the events so far, and
 * `rest()`, which reads on to the end and answers every event.
 */
export async function readUntil(res: Response, stop: (events: any[]) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: any[] = [];
  const readOne = async () => {
    const { value, done } = await reader.read();
    if (done) return false;
    const decoded = decodeEvents(buffer + decoder.decode(value, { stream: true }));
    buffer = decoded.rest;
    events.push(...decoded.events);
    return true;
  };
  while (!stop(events) && (await readOne()));
  const rest = async () => {
    while (await readOne());
    return events;
  };
  return { reader, events, rest };
}

/** The answer's text: its content events joined. */
export const contentOf = (events: any[]): string =>
  events
    .filter((e) => typeof e === "object" && "content" in e)
    .map((e) => e.content)
    .join("");

/** Asks through the real chat API, POST /api/chat/{model}, with `body` as the request (question, chat_id, …). */
export function ask(who: TestUser | string, body: Record<string, unknown>, model = "gpt-4.1-mini") {
  return call("POST", `/api/chat/${model}`, { token: typeof who === "string" ? who : who.token, body });
}

/**
 * Runs `fn` with the offline model pausing `ms` before each chunk: OFFLINE_MODEL_DELAY_MS, the product's own setting,
 * is 1 ms in this project, so an answer ends in tens of milliseconds; a test that acts while an answer is still being
 * written (stops it, follows it, reads it half-way) sets a pace that leaves it seconds. The worker and the users'
 * objects read the same env, so the pace holds for every answer started inside `fn`, and is put back after it.
 */
export async function withOfflinePace<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const before = env.OFFLINE_MODEL_DELAY_MS;
  env.OFFLINE_MODEL_DELAY_MS = String(ms);
  try {
    return await fn();
  } finally {
    env.OFFLINE_MODEL_DELAY_MS = before;
  }
}

/** Creates a chat through POST /chat-sessions (no title: the route's default). */
export async function newChat(user: TestUser, title?: string) {
  const res = await call("POST", "/chat-sessions", { token: user.token, body: title === undefined ? {} : { title } });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: string; title: string };
}

/** Expects the error envelope `{status: "error", code, message}` with this status (and code, when given). */
export async function expectError(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  const body = await json(res);
  expect(body).toMatchObject({ status: "error", code: code ?? expect.any(String), message: expect.any(String) });
  return body;
}

/** The media API's error envelope: the same, with `success: false` as the media API's clients read it. */
export async function expectMediaError(res: Response, status: number, code?: string) {
  const body = await expectError(res, status, code);
  expect(body).toMatchObject({ success: false });
  return body;
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The name of the chat shard the directory places the user on (worker/db/shards.ts; "DB": the main database). */
export async function shardNameOf(userId: string): Promise<string> {
  return shardOf(await shardOfQuery(createDb(env.DB), userId));
}

/** The D1 database holding the user's chats, messages and image records. */
export async function chatsOf(userId: string): Promise<D1Database> {
  return shardD1(env, await shardNameOf(userId));
}

/** The D1 database that holds a chat (found by trying each: a test helper, never how the product finds one). */
export async function chatsHolding(chatId: string): Promise<D1Database> {
  for (const name of [MAIN_SHARD, ...shardNames(env)]) {
    const d1 = shardD1(env, name);
    if (await d1.prepare("SELECT 1 FROM chat_sessions WHERE id = ?").bind(chatId).first()) return d1;
  }
  throw new Error(`no database holds chat ${chatId}`);
}

/** Creates a chat for the user directly in D1 (so model-API tests don't depend on the chat-sessions routes). */
export async function makeChat(userId: string, title = "New Chat"): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await (await chatsOf(userId))
    .prepare(
      "INSERT INTO chat_sessions (id, user_id, title, status, is_starred, created_at, updated_at, last_message_at) VALUES (?, ?, ?, 'active', 0, ?, ?, ?)",
    )
    .bind(id, userId, title, now, now, now)
    .run();
  await env.DB.prepare("INSERT INTO chat_owners (chat_id, user_id) VALUES (?, ?)").bind(id, userId).run();
  return id;
}

/** A chat's saved messages, oldest first, from whichever database holds the chat. */
export async function messagesOf(chatId: string): Promise<any[]> {
  const found = await Promise.all(
    [MAIN_SHARD, ...shardNames(env)].map(async (name) => {
      const { results } = await shardD1(env, name)
        .prepare("SELECT * FROM messages WHERE chat_id = ? ORDER BY created_at, id")
        .bind(chatId)
        .all();
      return results;
    }),
  );
  return found.flat();
}

/** Sets the user's plan in D1 and tells the user's Durable Object, as the payments flow does. */
export async function setPlan(userId: string, isPremium: number, premiumEnd: number | null) {
  await env.DB.prepare("UPDATE users SET is_premium = ?, premium_end = ? WHERE id = ?")
    .bind(isPremium, premiumEnd, userId)
    .run();
  await (await userHub(env, userId)).userChanged();
}

const DAY_MS = 86_400_000;

/** A seeded user on a paid plan (1 Basic, 2 Advanced+) for `days` more days. */
export async function premiumUser(level: 1 | 2 = 1, days = 30) {
  const u = await seedUser();
  await setPlan(u.id, level, Date.now() + days * DAY_MS);
  return u;
}

/** Raises the user's count of uses for today in their Durable Object (the counter a turn checks). */
export async function setUsedToday(userId: string, bucket: string, count: number) {
  const hub = await userHub(env, userId);
  await runInDurableObject(hub, (instance: UserHub) => {
    instance.state.usage.mergeDay(quotaDay(), [{ bucket, count }]);
  });
}

/** Runs `fn` inside the user's Durable Object. */
export async function inUserHub<T>(
  userId: string,
  fn: (hub: UserHub, state: DurableObjectState) => T | Promise<T>,
): Promise<T> {
  return runInDurableObject(await userHub(env, userId), fn);
}

/**
 * Runs one answer inside the user's object as its turn RPC does, with `modelEnv` as the configuration the answer is
 * generated with (its providers on a fake upstream) and `turnEnv` as the turn's own (`modelEnv` unless given).
 * Answers the turn's start and its events, read to the end of the stream.
 */
export async function answerInUserHub(
  u: Pick<TestUser, "id" | "token" | "sessionToken">,
  ask: {
    endpoint: string;
    chatId: string;
    question: string;
    isSearchMode?: boolean;
    kind?: { type: "ask" } | { type: "edit" | "regenerate"; messageId: string };
    userMessageId?: string;
    botMessageId?: string;
  },
  modelEnv: Env,
  turnEnv: Env = modelEnv,
) {
  const { sessionId, tokenHash } = await sessionOf(u);
  return inUserHub(u.id, async (hub, state) => {
    const db = createDb(env.DB);
    const host = turnHost(hub.state, new GenerationRunner(state, modelEnv, db, hub.state), turnEnv, db);
    const started = await runTurn(host, {
      sessionId,
      tokenHash,
      claimedUserId: null,
      ...ask,
      isSearchMode: ask.isSearchMode ?? false,
      userMessageId: ask.userMessageId ?? crypto.randomUUID(),
      botMessageId: ask.botMessageId ?? crypto.randomUUID(),
    });
    return { started, events: await readSse(new Response(started.stream)) };
  });
}

/** The id of the session a test user's token names (its `sid` claim). */
export function sessionIdOf(u: Pick<TestUser, "token">): string {
  return JSON.parse(atob(u.token.split(".")[1]!)).sid as string;
}

/** A test user's session id and its token's hash: what the user's object checks a turn against. */
export async function sessionOf(u: Pick<TestUser, "token" | "sessionToken">) {
  return { sessionId: sessionIdOf(u), tokenHash: await sha256Hex(u.sessionToken) };
}

/**
 * Holds Date.now at this moment, for the worker too (it runs in the test's isolate); returns the release. The rate
 * limits weigh the previous window's attempts by the time since (worker/db/rate-limits.ts: windows of 15 minutes, an
 * hour), so a test that counts up to a limit holds the clock and its count is exact: `beforeEach(holdTheClock)`, or
 * `onTestFinished(holdTheClock())`.
 */
export function holdTheClock(): () => void {
  const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now());
  return () => clock.mockRestore();
}
