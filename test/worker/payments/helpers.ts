// Payment test helpers: the worker called with a webhook secret in its configuration (the test pool's bindings have
// none, and a developer's .dev.vars must not decide a test), SePay-shaped transfers, and orders made through the API.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { app } from "../../../worker/app";
import { call, json, ORIGIN, type TestUser } from "../../support/api";

export const WEBHOOK_SECRET = "test-webhook-secret-0123456789";

/** Calls the worker with `overrides` merged into its configuration (default: the test webhook secret). */
export async function callWithEnv(
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; token?: string; env?: Partial<Env> } = {},
): Promise<Response> {
  const headers = new Headers(opts.headers);
  if (opts.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(ORIGIN + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
    }),
    { ...env, PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, ...opts.env },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

let txCounter = 0;

/** A SePay webhook body for money in, as the bank feed sends it (https://docs.sepay.vn/tich-hop-webhooks.html). */
export function transfer(
  over: { amount: number; code?: string | null; content?: string; id?: number | string } & Record<string, unknown>,
) {
  const { amount, code, content, id, ...rest } = over;
  return {
    id: id ?? 900_000 + ++txCounter + Math.floor(Math.random() * 1_000_000) * 100,
    gateway: "Vietcombank",
    transactionDate: "2026-11-23 10:02:37",
    accountNumber: env.BANK_ACCOUNT_NUMBER,
    code: code ?? null,
    content: content ?? `NGUYEN VAN A chuyen tien ${code ?? ""}`.trim(),
    transferType: "in",
    transferAmount: amount,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: "MBVCB.3278907687",
    description: "",
    ...rest,
  };
}

/** Posts a webhook signed with the test secret (or `secret`, or no Authorization header when null). */
export function sendWebhook(
  body: unknown,
  opts: { secret?: string | null; authorization?: string; env?: Partial<Env> } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.authorization !== undefined) headers.Authorization = opts.authorization;
  else if (opts.secret !== null) headers.Authorization = `Apikey ${opts.secret ?? WEBHOOK_SECRET}`;
  return callWithEnv("POST", "/payments/webhook", { body, headers, env: opts.env });
}

export async function createOrder(user: TestUser, packageType: string) {
  const res = await call("POST", "/payments/create", { token: user.token, body: { packageType } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await json(res)).data as {
    order: { code: string; amount: number; id: string; status: string; expires_at: string };
    payment: Record<string, any>;
  };
}

/** Pays an order the way the bank would: a correct transfer with its code and amount. */
export async function pay(order: { code: string; amount: number }, over: Record<string, unknown> = {}) {
  const res = await sendWebhook(transfer({ amount: order.amount, code: order.code, ...over }));
  if (res.status !== 200) throw new Error(`webhook failed: ${res.status} ${await res.text()}`);
  return (await json(res)).data;
}

export async function premiumInfo(user: TestUser) {
  return (await json(await call("GET", "/auth/premium-info", { token: user.token }))).data;
}

export async function history(user: TestUser) {
  return (await json(await call("GET", "/auth/subscription-history", { token: user.token }))).data
    .subscriptions as any[];
}

export async function ledger(txId: string | number) {
  return env.DB.prepare("SELECT * FROM bank_transactions WHERE id = ?").bind(String(txId)).all();
}

/**
 * Moves the user's paid time `ms` earlier in D1 (periods, history rows and the user's premium dates), as if it had
 * all been bought that long ago: how a test lets time pass over a queue of periods. The user's object is not told
 * (call userChanged, or let its alarm find out).
 */
export async function shiftPaidTime(userId: string, ms: number) {
  await env.DB.batch([
    env.DB.prepare("UPDATE premium_periods SET start_at = start_at - ?1, end_at = end_at - ?1 WHERE user_id = ?2").bind(
      ms,
      userId,
    ),
    env.DB.prepare(
      "UPDATE subscriptions SET start_date = start_date - ?1, end_date = end_date - ?1 WHERE user_id = ?2",
    ).bind(ms, userId),
    env.DB.prepare(
      "UPDATE users SET premium_start = premium_start - ?1, premium_end = premium_end - ?1 WHERE id = ?2",
    ).bind(ms, userId),
  ]);
}

/** The user's paid periods in D1, oldest first. */
export async function periodsOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM premium_periods WHERE user_id = ? ORDER BY start_at")
    .bind(userId)
    .all<any>();
  return results;
}
