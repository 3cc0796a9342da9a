// Cloudflare Turnstile on sign-up and on asking for a password reset (worker/auth/turnstile.ts), checked against a
// local fake of siteverify speaking its wire format (test/support/fake-turnstile.ts): off when unconfigured, a token
// the widget gave passes once, a missing, made-up or reused one is 403 captcha_failed and nothing is created or
// mailed, and when the check cannot be made (siteverify down or unreachable, our secret refused) the form is refused
// with 503 captcha_unavailable, never let through.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../worker/index";
import { FAKE_TURNSTILE_SECRET } from "../../support/fake-turnstile";
import { expectError, json, ORIGIN, seedUser } from "../../support/api";
import { mailCount } from "../accounts/helpers";

const SITE_KEY = "0x4AAAAAAAfakeSiteKey";
const VERIFY_URL = `${env.FAKE_IDENTITY_URL}/turnstile/v0/siteverify`;

/** The worker's bindings with Turnstile configured (the fake's secret and siteverify unless overridden). */
function withTurnstile(overrides: Partial<Env> = {}): Env {
  return {
    ...env,
    TURNSTILE_SITE_KEY: SITE_KEY,
    TURNSTILE_SECRET_KEY: FAKE_TURNSTILE_SECRET,
    TURNSTILE_VERIFY_URL: VERIFY_URL,
    ...overrides,
  };
}

/** One JSON call to the worker with these bindings. */
async function post(bindings: Env, path: string, body: unknown, headers: Record<string, string> = {}) {
  return worker.fetch(
    new Request(ORIGIN + path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    bindings,
    createExecutionContext(),
  );
}

/** A token as the widget gives a visitor who passed the challenge. */
async function widgetToken(): Promise<string> {
  const res = await fetch(`${env.FAKE_IDENTITY_URL}/turnstile/__issue`, { method: "POST" });
  return ((await res.json()) as { token: string }).token;
}

async function verifyCalls(): Promise<{ contentType: string; secret: string; response: string; remoteip: string }[]> {
  return (await fetch(`${env.FAKE_IDENTITY_URL}/turnstile/__requests`)).json();
}

const newAccount = () => ({
  name: "Turnstile Tester",
  email: `ts-${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: "correct horse battery",
});

async function accountExists(email: string): Promise<boolean> {
  return (await env.DB.prepare("SELECT 1 FROM users WHERE email = ?").bind(email).first()) !== null;
}

describe("Turnstile unconfigured", () => {
  it("is off: no site key in the public config, and sign-up and reset work without a token", async () => {
    const config = await worker.fetch(new Request(`${ORIGIN}/api/config`), env, createExecutionContext());
    expect((await json(config)).data.turnstile_site_key).toBeNull();
    const account = newAccount();
    expect((await post(env, "/auth/register", account)).status).toBe(201);
    expect((await post(env, "/auth/forgot-password", { email: account.email })).status).toBe(200);
  });

  it("stays off with only one of its keys set, rather than asking for tokens nobody can make", async () => {
    for (const half of [{ TURNSTILE_SECRET_KEY: "" }, { TURNSTILE_SITE_KEY: " " }]) {
      const bindings = withTurnstile(half);
      const config = await worker.fetch(new Request(`${ORIGIN}/api/config`), bindings, createExecutionContext());
      expect((await json(config)).data.turnstile_site_key).toBeNull();
      expect((await post(bindings, "/auth/register", newAccount())).status).toBe(201);
    }
  });
});

describe("Turnstile on sign-up", () => {
  it("gives the SPA the site key through the public config", async () => {
    const res = await worker.fetch(new Request(`${ORIGIN}/api/config`), withTurnstile(), createExecutionContext());
    expect((await json(res)).data).toMatchObject({ turnstile_site_key: SITE_KEY });
  });

  it("creates the account with a token the widget gave, sending siteverify the secret, token and visitor's IP", async () => {
    const account = newAccount();
    const token = await widgetToken();
    const res = await post(
      withTurnstile(),
      "/auth/register",
      { ...account, turnstile_token: token },
      {
        "CF-Connecting-IP": "203.0.113.45",
      },
    );
    expect(res.status).toBe(201);
    expect(await accountExists(account.email)).toBe(true);
    const call = (await verifyCalls()).find((c) => c.response === token);
    expect(call).toEqual({
      contentType: expect.stringContaining("application/x-www-form-urlencoded"),
      secret: FAKE_TURNSTILE_SECRET,
      response: token,
      remoteip: "203.0.113.45",
    });
  });

  it("refuses a sign-up without a token, with a made-up one, or with one already used: 403 captcha_failed", async () => {
    const used = await widgetToken();
    expect((await post(withTurnstile(), "/auth/register", { ...newAccount(), turnstile_token: used })).status).toBe(
      201,
    );
    for (const token of [undefined, "", "made-up-token", used]) {
      const account = newAccount();
      const body = await expectError(
        await post(withTurnstile(), "/auth/register", { ...account, turnstile_token: token }),
        403,
        "captcha_failed",
      );
      expect(body.field).toBe("turnstile_token");
      expect(await accountExists(account.email)).toBe(false);
    }
  });

  it("refuses a token too long to be Turnstile's as invalid input, before asking siteverify", async () => {
    const before = (await verifyCalls()).length;
    const res = await post(withTurnstile(), "/auth/register", { ...newAccount(), turnstile_token: "x".repeat(2049) });
    await expectError(res, 400, "invalid_input");
    expect((await verifyCalls()).length).toBe(before);
  });
});

describe("Turnstile on the password reset request", () => {
  it("mails the reset only with a token the widget gave", async () => {
    const u = await seedUser();
    await expectError(await post(withTurnstile(), "/auth/forgot-password", { email: u.email }), 403, "captcha_failed");
    expect(await mailCount(u.email)).toBe(0);
    const res = await post(withTurnstile(), "/auth/forgot-password", {
      email: u.email,
      turnstile_token: await widgetToken(),
    });
    expect(res.status).toBe(200);
    expect(await mailCount(u.email)).toBe(1);
  });
});

describe("Turnstile when the check cannot be made", () => {
  // Each of these also logs one line for the operator; kept out of the test output.
  const quietly = async <T>(fn: () => Promise<T>) => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      return await fn();
    } finally {
      spy.mockRestore();
    }
  };

  it("fails closed with 503 captcha_unavailable when siteverify answers 5xx", async () => {
    const account = newAccount();
    const bindings = withTurnstile({ TURNSTILE_VERIFY_URL: `${env.FAKE_IDENTITY_URL}/turnstile-down/v0/siteverify` });
    const res = await quietly(() =>
      post(bindings, "/auth/register", { ...account, turnstile_token: "any-token-while-down" }),
    );
    await expectError(res, 503, "captcha_unavailable");
    expect(await accountExists(account.email)).toBe(false);
  });

  it("fails closed with 503 captcha_unavailable when siteverify cannot be reached", async () => {
    const u = await seedUser();
    // Port 1 on the loopback: nothing listens there, so the connection is refused.
    const bindings = withTurnstile({ TURNSTILE_VERIFY_URL: "http://127.0.0.1:1/turnstile/v0/siteverify" });
    const res = await quietly(() =>
      post(bindings, "/auth/forgot-password", { email: u.email, turnstile_token: "any-token-while-unreachable" }),
    );
    await expectError(res, 503, "captcha_unavailable");
    expect(await mailCount(u.email)).toBe(0);
  });

  it("answers 503 captcha_unavailable, not the visitor's fault, when siteverify refuses the operator's secret", async () => {
    const errors: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
    try {
      const bindings = withTurnstile({ TURNSTILE_SECRET_KEY: "not-the-secret" });
      const res = await post(bindings, "/auth/register", { ...newAccount(), turnstile_token: await widgetToken() });
      await expectError(res, 503, "captcha_unavailable");
    } finally {
      spy.mockRestore();
    }
    expect(errors.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ event: "turnstile_unavailable", reason: "secret_refused" }),
    );
  });
});
