// Test helpers: call the real worker (exports.default.fetch in workerd) and make users with real sessions.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { UserHub } from "../../durable-objects/user-hub";
import { quotaDay } from "../../worker/lib/time";
import { userHub } from "../../durable-objects/user-hub-stub";

export const ORIGIN = "https://may.test";

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
  return exports.default.fetch(
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

/** Registers a fresh user through the real /auth/register route. */
export async function registerUser(
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<TestUser & { password: string }> {
  counter++;
  const email = overrides.email ?? `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const res = await call("POST", "/auth/register", {
    body: { name: overrides.name ?? `User ${counter}`, email, password },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = await json(res);
  return { id: body.data.user.id, email, password, token: body.data.token, sessionToken: body.data.session_token };
}

export async function login(email: string, password: string, userAgent = "test-agent"): Promise<TestUser> {
  const res = await call("POST", "/auth/login", { body: { email, password, user_agent: userAgent } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = await json(res);
  return { id: body.data.user.id, email, token: body.data.token, sessionToken: body.data.session_token };
}

/** Reads a whole SSE body into its data payloads (parsed JSON, or the literal "[DONE]"). */
export async function readSse(res: Response): Promise<any[]> {
  const text = await res.text();
  return text
    .split("\n\n")
    .map((b) => b.trim())
    .filter((b) => b.startsWith("data:"))
    .map((b) => {
      const data = b.slice(5).trim();
      return data === "[DONE]" ? data : JSON.parse(data);
    });
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

/** Creates a chat for the user directly in D1 (so model-API tests don't depend on the chat-sessions routes). */
export async function makeChat(userId: string, title = "New Chat"): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO chat_sessions (id, user_id, title, status, is_starred, created_at, updated_at, last_message_at) VALUES (?, ?, ?, 'active', 0, ?, ?, ?)",
  )
    .bind(id, userId, title, now, now, now)
    .run();
  return id;
}

export async function messagesOf(chatId: string): Promise<any[]> {
  const { results } = await env.DB.prepare("SELECT * FROM messages WHERE chat_id = ? ORDER BY created_at, id")
    .bind(chatId)
    .all();
  return results;
}

/** Sets the user's plan in D1 and tells the user's Durable Object, as the payments flow does. */
export async function setPlan(userId: string, isPremium: number, premiumEnd: number | null) {
  await env.DB.prepare("UPDATE users SET is_premium = ?, premium_end = ? WHERE id = ?")
    .bind(isPremium, premiumEnd, userId)
    .run();
  await (await userHub(env, userId)).userChanged();
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
