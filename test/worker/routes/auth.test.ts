// The account and its sessions: sign-up and sign-in, the profile, email and password changes (with the mail they
// send), AI settings and memories, the avatar, the active sessions, and the whole journey; each area's authorization
// first, and the limits on failed sign-ins. One file, so workerd loads the worker once for all of them.
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "../../../worker/db/client";
import { getUserModelKey } from "../../../worker/db/model-keys";
import { AppError } from "../../../worker/errors";
import { mailTransport, sendMail } from "../../../worker/mail/send";
import {
  ConnectedAppsSchema,
  EmailChangedSchema,
  EmailChangeStateSchema,
  ExternalModelsSchema,
  LinkedAccountsSchema,
  MemoriesSchema,
  MessageSchema,
  SocialSignInBodySchema,
} from "../../../worker/protocol/accounts";
import { SessionEntrySchema, SocialConfigSchema } from "../../../worker/protocol/resources";
import { AiSettingsSchema, CUSTOM_INSTRUCTION_MAX_CHARS } from "../../../worker/protocol/settings";
import { socialConfig } from "../../../worker/routes/account-social";
import {
  call,
  holdTheClock,
  inUserHub,
  json,
  login,
  ORIGIN,
  registerUser,
  seedUser,
  setPlan,
  workerFetch,
} from "../../support/api";
import { ageRow, latestCode, latestMail, mailCount } from "../accounts/helpers";
import { googleToken, uniqueId } from "../accounts/social-helpers";

// ---- auth-rate-limit ---------------------------------------------------------------------------------------------
// Sign-in abuse without lockout: failures are limited per IP and per account-and-IP, successes are never counted,
// and the owner's right password gets through however many wrong ones others tried.
const fromIp = (ip: string, extra: Record<string, string> = {}) => ({ "CF-Connecting-IP": ip, ...extra });

async function attempt(email: string, password: string, ip: string, cookie?: string) {
  return call("POST", "/auth/login", {
    body: { email, password },
    headers: fromIp(ip, cookie ? { Cookie: cookie } : {}),
  });
}

function deviceCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("may_device="));
  if (!set) throw new Error("no device cookie");
  return set.split(";")[0]!;
}

describe("login failure limits", () => {
  // the failure budgets ease with time (sliding 15-minute windows): every attempt of a test at one moment
  beforeEach(holdTheClock);

  it("lets the owner's right password through after 12 wrong ones from an attacker's address", async () => {
    const u = await seedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(u.email, `wrong ${i}`, "203.0.113.7")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The attacker's address is refused even with the right password: it no longer gets to test any password.
    expect((await attempt(u.email, u.password, "203.0.113.7")).status).toBe(429);
    // The owner, from home, signs in at once.
    const owner = await attempt(u.email, u.password, "198.51.100.20");
    expect(owner.status).toBe(200);
    expect((await json(owner)).data.token).toBeTruthy();
  });

  it("lets the owner through on a browser that signed in before, even behind the attacker's address", async () => {
    const u = await seedUser();
    const first = await attempt(u.email, u.password, "192.0.2.1");
    expect(first.status).toBe(200);
    const cookie = deviceCookie(first);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("may_device="))).toMatch(/HttpOnly/i);
    for (let i = 0; i < 11; i++) await attempt(u.email, "wrong password", "203.0.113.8");
    expect((await attempt(u.email, u.password, "203.0.113.8")).status).toBe(429);
    expect((await attempt(u.email, u.password, "203.0.113.8", cookie)).status).toBe(200);
  });

  it("does not trust another account's device cookie", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const cookie = deviceCookie(await attempt(a.email, a.password, "192.0.2.2"));
    for (let i = 0; i < 11; i++) await attempt(b.email, "wrong password", "203.0.113.9");
    expect((await attempt(b.email, b.password, "203.0.113.9", cookie)).status).toBe(429);
  });

  it("does not count successful logins against the address's budget", async () => {
    const u = await seedUser();
    for (let i = 0; i < 55; i++) expect((await attempt(u.email, u.password, "198.51.100.30")).status).toBe(200);
    // Still a plain 401 for a wrong password: the 55 successes used none of the 50 allowed failures.
    expect((await attempt(u.email, "wrong password", "198.51.100.30")).status).toBe(401);
  }, 60_000);

  it("answers 429 with Retry-After once an address has used its 50 failures, on any account", async () => {
    const u = await seedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await attempt(`nobody${i}@example.com`, "whatever1", "203.0.113.50")).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await attempt(u.email, "wrong password", "203.0.113.50");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ status: "error", code: "rate_limited" });
    expect((await attempt(u.email, u.password, "203.0.113.50")).status).toBe(429);
    // Another address is unaffected.
    expect((await attempt(u.email, u.password, "203.0.113.51")).status).toBe(200);
  }, 60_000);

  it("buckets IPv6 clients by their /64", async () => {
    const u = await seedUser();
    for (let i = 0; i < 10; i++) await attempt(u.email, "wrong password", `2001:db8:1:2::${i + 1}`);
    expect((await attempt(u.email, u.password, "2001:db8:1:2:ffff::9")).status).toBe(429);
    expect((await attempt(u.email, u.password, "2001:db8:1:3::1")).status).toBe(200);
  });

  it("reads no other forwarding header than CF-Connecting-IP", async () => {
    const u = await seedUser();
    for (let i = 0; i < 10; i++) {
      await call("POST", "/auth/login", {
        body: { email: u.email, password: "wrong password" },
        headers: fromIp("203.0.113.60", { "X-Forwarded-For": `10.0.0.${i}`, "X-Real-IP": `10.0.1.${i}` }),
      });
    }
    expect((await attempt(u.email, u.password, "203.0.113.60")).status).toBe(429);
  });
});

describe("local requests", () => {
  it("give loopback addresses (wrangler dev's 127.0.0.1) no per-IP budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await call("POST", "/auth/register", {
        body: { name: "N", email: `local${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "12345678" },
        headers: fromIp("127.0.0.1"),
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
  }, 60_000);
});

describe("registration limit", () => {
  // counted in fixed hour windows: every attempt of the test at one moment
  beforeEach(holdTheClock);

  it("allows 20 registrations per address per hour, then 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call("POST", "/auth/register", {
        body: { name: "N", email: `reg${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "12345678" },
        headers: fromIp("198.51.100.99"),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  }, 60_000);
});

// ---- auth --------------------------------------------------------------------------------------------------------
// ---- user-sessions.security --------------------------------------------------------------------------------------
describe("user sessions are private to their user", () => {
  it("answers 404 when ending another user's session by id or token, and the session keeps working", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const bobSessions = await json(await call("GET", "/user-sessions", { token: bob.token }));
    const byId = await call("DELETE", `/user-sessions/${bobSessions.data[0].id}`, { token: alice.token });
    expect(byId.status).toBe(404);
    const byToken = await call("DELETE", `/user-sessions/${bob.sessionToken}`, { token: alice.token });
    expect(byToken.status).toBe(404);
    expect((await call("GET", "/auth/me", { token: bob.token })).status).toBe(200);
  });

  it("never lists another user's sessions", async () => {
    const alice = await seedUser();
    await seedUser();
    const { data } = await json(await call("GET", "/user-sessions", { token: alice.token }));
    expect(data).toHaveLength(1);
  });
});

// ---- auth-settings.security --------------------------------------------------------------------------------------
// Another user's remembered facts and settings are out of reach.
describe("settings and memories belong to their user", () => {
  it("answers 404 when deleting another user's fact, and leaves it", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const fact = (await json(await call("POST", "/auth/memories", { token: a.token, body: { content: "secret" } })))
      .data;
    const res = await call("DELETE", `/auth/memories/${fact.id}`, { token: b.token });
    expect(res.status).toBe(404);
    expect((await json(await call("GET", "/auth/memories", { token: a.token }))).data.memories).toHaveLength(1);
    expect((await json(await call("GET", "/auth/memories", { token: b.token }))).data.memories).toHaveLength(0);
    await call("DELETE", "/auth/memories", { token: b.token });
    expect((await json(await call("GET", "/auth/memories", { token: a.token }))).data.memories).toHaveLength(1);
  });

  it("keeps each user's AI settings apart", async () => {
    const a = await seedUser();
    const b = await seedUser();
    await call("POST", "/auth/update-chat-customization", { token: a.token, body: { customization: "A's rules" } });
    expect((await json(await call("GET", "/auth/ai-settings", { token: b.token }))).data.chat_customization).toBe("");
  });
});

// ---- auth-avatar.security ----------------------------------------------------------------------------------------
// A user's avatar is readable by that user only.
/** PNG magic bytes and a little more: what the avatar route recognises as a PNG. */
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("avatar privacy", () => {
  it("answers 404 to another user and 401 to nobody", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const res = await workerFetch(
      new Request(`${ORIGIN}/auth/avatar`, {
        method: "POST",
        headers: { Authorization: `Bearer ${a.token}`, "Content-Type": "image/png" },
        body: PNG_HEAD,
      }),
    );
    const avatar = (await json(res)).data.avatar as string;
    expect((await call("GET", avatar, { token: b.token })).status).toBe(404);
    expect((await call("GET", avatar)).status).toBe(401);
    expect((await call("GET", avatar, { token: a.token })).status).toBe(200);
  });
});

// ---- accounts-protocol -------------------------------------------------------------------------------------------
// The account answers the SPA reads match their declarations in worker/protocol/accounts.ts (and resources.ts):
// each real answer of the worker is parsed with the schema the SPA uses, so a renamed or retyped field fails here.
const envelope = <S extends v.GenericSchema>(s: S) => v.object({ status: v.literal("success"), data: s });

async function data<S extends v.GenericSchema>(schema: S, res: Response): Promise<v.InferOutput<S>> {
  expect(res.status).toBeLessThan(300);
  const parsed = v.safeParse(envelope(schema), await json(res));
  if (!parsed.success) throw new Error(`${v.getDotPath(parsed.issues[0])}: ${parsed.issues[0].message}`);
  return parsed.output.data as v.InferOutput<S>; // validated just above (the generic envelope loses the type)
}

describe("account answers against their protocol schemas", () => {
  it("social config, AI settings, memories, sessions, linked accounts, models and apps", async () => {
    const u = await seedUser();
    const auth = { token: u.token };
    await data(SocialConfigSchema, await call("GET", "/auth/social-config"));
    await data(AiSettingsSchema, await call("GET", "/auth/ai-settings", auth));
    await data(
      AiSettingsSchema,
      await call("POST", "/auth/update-chat-customization", {
        ...auth,
        body: { customization: "Be brief", allow_new_chats: false },
      }),
    );
    await data(MemoriesSchema, await call("GET", "/auth/memories", auth));
    await data(v.array(SessionEntrySchema), await call("GET", "/user-sessions", auth));
    const linked = await data(LinkedAccountsSchema, await call("GET", "/auth/linked-accounts", auth));
    expect(linked.has_password).toBe(true);
    await data(ExternalModelsSchema, await call("GET", "/auth/external-models", auth));
    await data(ConnectedAppsSchema, await call("GET", "/auth/connected-apps", auth));
  });

  it("the email change states and the password answers", async () => {
    const u = await seedUser();
    const auth = { token: u.token };
    expect(await data(EmailChangeStateSchema, await call("GET", "/auth/email-verification", auth))).toEqual({
      pending: false,
    });
    const newEmail = `n-${uniqueId()}@example.com`;
    const pending = await data(
      EmailChangeStateSchema,
      await call("POST", "/auth/email-verification/request-change", { ...auth, body: { newEmail } }),
    );
    expect(pending.pending).toBe(true);
    const mail = await env.DB.prepare("SELECT body_text FROM dev_mailbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
      .bind(newEmail)
      .first<{ body_text: string }>();
    const code = /\b(\d{6})\b/.exec(mail?.body_text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const changed = await data(
      EmailChangedSchema,
      await call("POST", "/auth/email-verification/verify-code", { ...auth, body: { verificationCode: code } }),
    );
    expect(changed.email).toBe(newEmail);
    await data(MessageSchema, await call("POST", "/auth/forgot-password", { body: { email: newEmail } }));
    await data(
      MessageSchema,
      await call("POST", "/auth/change-password", {
        ...auth,
        body: { currentPassword: u.password, newPassword: "another-pass-1" },
      }),
    );
  });

  it("a social sign-in, signed in or pending", async () => {
    const signedIn = await json(
      await call("POST", "/auth/google", {
        body: { token: await googleToken({ sub: uniqueId(), email: `g-${uniqueId()}@gmail.com` }) },
      }),
    );
    expect(v.parse(SocialSignInBodySchema, signedIn).status).toBe("success");
    const u = await seedUser();
    const pending = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub: uniqueId(), email: u.email }) } }),
    );
    const parsed = v.parse(SocialSignInBodySchema, pending);
    expect(parsed.status).toBe("pending");
    if (parsed.status === "pending")
      expect(parsed.data).toMatchObject({ requiresLinking: true, email: u.email, provider: "google" });
  });
});

// ---- mail --------------------------------------------------------------------------------------------------------
// Mail transports: a Resend-style HTTP API when configured, else the dev mailbox (local only), else a clear 503.
const mail = { to: "someone@example.com", subject: "Hello", text: "Your code is 123456" };

describe("sendMail", () => {
  it("POSTs Resend's JSON with the bearer key to the configured API", async () => {
    const to = `api-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const apiEnv = {
      MAIL_API_URL: `${env.FAKE_IDENTITY_URL}/mail/emails`,
      MAIL_API_KEY: "mail-key",
      MAIL_FROM: "Mây <no-reply@may.test>",
    };
    expect(mailTransport(apiEnv)).toBe("api");
    await sendMail({ env: apiEnv, db: createDb(env.DB), mail: { ...mail, to } });
    const sent = (await (await fetch(`${env.FAKE_IDENTITY_URL}/mail/__sent?to=${to}`)).json()) as any[];
    expect(sent).toEqual([
      { from: "Mây <no-reply@may.test>", to: [to], subject: "Hello", text: "Your code is 123456" },
    ]);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM dev_mailbox WHERE to_address = ?")
      .bind(to)
      .first<any>();
    expect(row.n).toBe(0);
  });

  it("fails with mail_failed when the API refuses the key", async () => {
    const apiEnv = { MAIL_API_URL: `${env.FAKE_IDENTITY_URL}/mail/emails`, MAIL_API_KEY: "wrong" };
    await expect(sendMail({ env: apiEnv, db: createDb(env.DB), mail })).rejects.toMatchObject({ code: "mail_failed" });
  });

  it("refuses with mail_not_configured when there is no API and no dev mailbox", async () => {
    expect(mailTransport({})).toBeNull();
    expect(mailTransport({ DEV_MAILBOX: "1", MAIL_API_URL: "https://api.example/emails" })).toBeNull();
    const err = await sendMail({ env: {}, db: createDb(env.DB), mail }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("mail_not_configured");
  });
});

describe("GET /dev/mailbox", () => {
  it("shows the mail on a local host, as a page and as JSON", async () => {
    const u = await seedUser();
    await call("POST", "/auth/forgot-password", { body: { email: u.email } });
    const page = await workerFetch(new Request("http://localhost:8787/dev/mailbox"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(u.email);
    const list = await workerFetch(
      new Request(`http://localhost:8787/dev/mailbox/messages?to=${encodeURIComponent(u.email)}`),
    );
    const body = await json(list);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].text).toMatch(/\d{6}/);
  });

  it("is a 404 on a public hostname", async () => {
    const res = await call("GET", "/dev/mailbox");
    expect(res.status).toBe(404);
    expect((await call("GET", "/dev/mailbox/messages")).status).toBe(404);
  });
});

describe("routes that mail, with no way to send mail", () => {
  it("answer 503 mail_not_configured before looking at the account", async () => {
    const { app } = await import("../../../worker/app");
    const noMail = { ...env, DEV_MAILBOX: "" };
    const res = await app.request(
      "https://may.test/auth/forgot-password",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "ghost@example.com" }),
      },
      noMail,
      { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
    );
    expect(res.status).toBe(503);
    expect((await json(res)).code).toBe("mail_not_configured");
  });
});

// ---- auth-social-config ------------------------------------------------------------------------------------------
// GET /auth/social-config: the public ids the sign-in buttons need, and null for a provider that is not set up.
describe("GET /auth/social-config", () => {
  it("answers the configured Google client id and Facebook app id without signing in", async () => {
    const res = await call("GET", "/auth/social-config");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      status: "success",
      data: { google_client_id: env.GOOGLE_CLIENT_ID, facebook_app_id: env.FACEBOOK_APP_ID },
    });
  });

  it("never answers the Facebook app secret", async () => {
    const text = await (await call("GET", "/auth/social-config")).text();
    expect(env.FACEBOOK_APP_SECRET).toBeTruthy();
    expect(text).not.toContain(env.FACEBOOK_APP_SECRET!);
  });

  it("gives null for a provider that is not set up (Facebook needs its secret too)", () => {
    expect(socialConfig({})).toEqual({ google_client_id: null, facebook_app_id: null });
    expect(socialConfig({ GOOGLE_CLIENT_ID: "", FACEBOOK_APP_ID: "123" })).toEqual({
      google_client_id: null,
      facebook_app_id: null,
    });
    expect(
      socialConfig({
        GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
        FACEBOOK_APP_ID: "123",
        FACEBOOK_APP_SECRET: "s",
      }),
    ).toEqual({
      google_client_id: "id.apps.googleusercontent.com",
      facebook_app_id: "123",
    });
  });
});

// ---- auth-email --------------------------------------------------------------------------------------------------
// Email change by a 6-digit code: valid 10 minutes, 5 tries, resend after 60 s, unique emails, mail in the dev mailbox,
// in the user's language (the stored choice, else the request's Accept-Language, else English).
const fresh = () => `new-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("POST /auth/email-verification/request-change", () => {
  it("mails a 6-digit code to the new address and reports the pending change", async () => {
    const u = await seedUser();
    const newEmail = fresh();
    const res = await call("POST", "/auth/email-verification/request-change", {
      token: u.token,
      body: { newEmail: newEmail.toUpperCase() },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data).toMatchObject({ pending: true, newEmail, attempts_left: 5 });
    expect(Date.parse(body.data.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await latestCode(newEmail)).toMatch(/^\d{6}$/);
    const row = await env.DB.prepare("SELECT code_hash FROM email_verifications WHERE user_id = ?")
      .bind(u.id)
      .first<any>();
    expect(row.code_hash).not.toContain(await latestCode(newEmail));
    const status = await json(await call("GET", "/auth/email-verification", { token: u.token }));
    expect(status.data).toMatchObject({ pending: true, newEmail });
  });

  it("answers 400 'New email is required' without an email, and 400 for an invalid one", async () => {
    const u = await seedUser();
    const missing = await call("POST", "/auth/email-verification/request-change", { token: u.token, body: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toContain("New email is required");
    const bad = await call("POST", "/auth/email-verification/request-change", {
      token: u.token,
      body: { newEmail: "nope" },
    });
    expect(bad.status).toBe(400);
  });

  it("refuses an email that belongs to another account with 409, and the current email with 400", async () => {
    const u = await seedUser();
    const other = await seedUser();
    const taken = await call("POST", "/auth/email-verification/request-change", {
      token: u.token,
      body: { newEmail: other.email },
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).code).toBe("email_taken");
    const same = await call("POST", "/auth/email-verification/request-change", {
      token: u.token,
      body: { newEmail: u.email },
    });
    expect(same.status).toBe(400);
  });

  it("refuses a resend within 60 s with 429 and Retry-After, then sends a new code after", async () => {
    const u = await seedUser();
    const newEmail = fresh();
    await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    const again = await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await mailCount(newEmail)).toBe(1);
    await ageRow("email_verifications", u.id, 61_000);
    const later = await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    expect(later.status).toBe(200);
    expect(await mailCount(newEmail)).toBe(2);
  });

  it("needs a signed-in user", async () => {
    expect(
      (await call("POST", "/auth/email-verification/request-change", { body: { newEmail: fresh() } })).status,
    ).toBe(401);
  });
});

describe("POST /auth/email-verification/verify-code", () => {
  it("changes the email with the right code: the user signs in with the new one, the old address is told", async () => {
    const u = await seedUser();
    const newEmail = fresh();
    await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    const res = await call("POST", "/auth/email-verification/verify-code", {
      token: u.token,
      body: { verificationCode: await latestCode(newEmail) },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.email).toBe(newEmail);
    const me = await json(await call("GET", "/auth/me", { token: u.token }));
    expect(me.data.user.email).toBe(newEmail);
    expect((await call("POST", "/auth/login", { body: { email: newEmail, password: u.password } })).status).toBe(200);
    expect((await call("POST", "/auth/login", { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await latestMail(u.email))?.body_text).toContain(newEmail);
    expect((await json(await call("GET", "/auth/email-verification", { token: u.token }))).data.pending).toBe(false);
  });

  it("answers 400 'enter full 6-digit code' for a code that is not 6 digits", async () => {
    const u = await seedUser();
    for (const verificationCode of ["123", "12345a", undefined]) {
      const res = await call("POST", "/auth/email-verification/verify-code", {
        token: u.token,
        body: { verificationCode },
      });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toContain("enter full 6-digit code");
    }
  });

  it("allows 5 tries: wrong codes answer invalid_code with the tries left, the 6th try is refused even if right", async () => {
    const u = await seedUser();
    const newEmail = fresh();
    await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    const code = await latestCode(newEmail);
    const wrong = code === "000000" ? "111111" : "000000";
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call("POST", "/auth/email-verification/verify-code", {
        token: u.token,
        body: { verificationCode: wrong },
      });
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.code).toBe("invalid_code");
      left.push(body.attempts_left);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const sixth = await call("POST", "/auth/email-verification/verify-code", {
      token: u.token,
      body: { verificationCode: code },
    });
    expect(sixth.status).toBe(429);
    expect((await json(sixth)).code).toBe("too_many_attempts");
    expect((await json(await call("GET", "/auth/me", { token: u.token }))).data.user.email).toBe(u.email);
  });

  it("refuses an expired code after 10 minutes", async () => {
    const u = await seedUser();
    const newEmail = fresh();
    await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    await ageRow("email_verifications", u.id, 10 * 60_000 + 1);
    const res = await call("POST", "/auth/email-verification/verify-code", {
      token: u.token,
      body: { verificationCode: await latestCode(newEmail) },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("verification_expired");
  });

  it("answers 409 if another account took the email before the code was entered", async () => {
    const u = await seedUser();
    const newEmail = fresh();
    await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    await seedUser({ email: newEmail });
    const res = await call("POST", "/auth/email-verification/verify-code", {
      token: u.token,
      body: { verificationCode: await latestCode(newEmail) },
    });
    expect(res.status).toBe(409);
  });

  it("a code only works for the account that asked for it", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const newEmail = fresh();
    await call("POST", "/auth/email-verification/request-change", { token: a.token, body: { newEmail } });
    const res = await call("POST", "/auth/email-verification/verify-code", {
      token: b.token,
      body: { verificationCode: await latestCode(newEmail) },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("verification_expired");
  });
});

describe("POST /auth/email-verification/cancel", () => {
  it("ends the pending change so its code no longer works", async () => {
    const u = await seedUser();
    const newEmail = fresh();
    await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail } });
    expect((await call("POST", "/auth/email-verification/cancel", { token: u.token })).status).toBe(200);
    const res = await call("POST", "/auth/email-verification/verify-code", {
      token: u.token,
      body: { verificationCode: await latestCode(newEmail) },
    });
    expect(res.status).toBe(400);
  });
});

describe("email change mail in the user's language", () => {
  const setLanguage = async (token: string, language: string) =>
    expect((await call("PATCH", "/auth/update-profile", { token, body: { language } })).status).toBe(200);

  it.each([
    [
      "ru-RU,ru;q=0.9,en;q=0.8",
      null,
      "Код подтверждения email для Mây",
      /^Ваш код подтверждения: \d{6}\. Он действует 10 минут\./,
    ],
    [
      "en-US,en;q=0.9",
      null,
      "Your Mây email verification code",
      /^Your verification code is \d{6}\. It is valid for 10 minutes\./,
    ],
    ["fr-FR,fr;q=0.9", null, "Your Mây email verification code", /^Your verification code is/],
    [undefined, null, "Your Mây email verification code", /^Your verification code is/],
    ["vi-VN,vi;q=0.9", null, "Mã xác minh email Mây", /^Mã xác minh của bạn là \d{6}\. Mã có hiệu lực trong 10 phút\./],
    // the stored choice wins over what the request asks for
    ["en-US", "zh", "Mây 邮箱验证码", /^您的验证码是 \d{6}，10 分钟内有效。/],
  ])(
    "mails the code asked with Accept-Language %s (stored language %s) in that language",
    async (acceptLanguage, stored, subject, text) => {
      const u = await seedUser();
      if (stored) await setLanguage(u.token, stored);
      const newEmail = fresh();
      const headers: Record<string, string> = acceptLanguage ? { "Accept-Language": acceptLanguage } : {};
      expect(
        (await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail }, headers }))
          .status,
      ).toBe(200);
      const mail = await latestMail(newEmail);
      expect(mail?.subject).toBe(subject);
      expect(mail?.body_text).toMatch(text);
    },
  );

  it("tells the old address of the change in the user's language: Russian asked, Vietnamese stored", async () => {
    for (const [stored, acceptLanguage, subject, text] of [
      [null, "ru", "Email вашего аккаунта Mây изменён", "Теперь для входа в ваш аккаунт Mây используется email"],
      ["vi", "en", "Email tài khoản Mây đã được thay đổi", "Email đăng nhập tài khoản Mây của bạn đã được đổi thành"],
    ] as const) {
      const u = await seedUser();
      if (stored) await setLanguage(u.token, stored);
      const newEmail = fresh();
      const headers = { "Accept-Language": acceptLanguage };
      await call("POST", "/auth/email-verification/request-change", { token: u.token, body: { newEmail }, headers });
      const verified = await call("POST", "/auth/email-verification/verify-code", {
        token: u.token,
        body: { verificationCode: await latestCode(newEmail) },
        headers,
      });
      expect(verified.status).toBe(200);
      const notice = await latestMail(u.email);
      expect(notice?.subject).toBe(subject);
      expect(notice?.body_text).toContain(`${text} ${newEmail}`);
    }
  });
});

// ---- auth-password -----------------------------------------------------------------------------------------------
// Password change (its rules and their texts: all fields, 6 characters, different from the current one; the other
// sessions end at once) and the forgotten-password flow by an emailed code or link (every session ends), with mail
// in the dev mailbox in the user's language.
describe("POST /auth/change-password", () => {
  it("changes the password, ends the other sessions and keeps this one", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password, "other-device");
    const res = await call("POST", "/auth/change-password", {
      token: u.token,
      body: { currentPassword: u.password, newPassword: "brand new pw" },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.ended_sessions).toBe(1);
    expect((await call("GET", "/auth/me", { token: other.token, sessionToken: other.sessionToken })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: u.token, sessionToken: u.sessionToken })).status).toBe(200);
    expect((await call("POST", "/auth/login", { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await call("POST", "/auth/login", { body: { email: u.email, password: "brand new pw" } })).status).toBe(
      200,
    );
  });

  it.each([
    [{}, "Please fill in all fields"],
    [{ currentPassword: "x" }, "Please fill in all fields"],
    [{ currentPassword: "", newPassword: "abcdefg" }, "Please fill in all fields"],
    [{ currentPassword: "correct horse battery", newPassword: "12345" }, "at least 6 characters"],
    [
      { currentPassword: "correct horse battery", newPassword: "correct horse battery" },
      "different from the current password",
    ],
  ])("answers 400 for %j", async (body, message) => {
    const u = await seedUser();
    const res = await call("POST", "/auth/change-password", { token: u.token, body });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toContain(message);
  });

  it("answers 400 incorrect_password (not 401, which would sign the client out) for a wrong current password", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/change-password", {
      token: u.token,
      body: { currentPassword: "wrong one", newPassword: "whatever new" },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: "incorrect_password", field: "currentPassword" });
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(200);
  });

  it("counts wrong current passwords like failed logins, so a stolen session cannot guess the password", async () => {
    const u = await seedUser();
    const headers = { "CF-Connecting-IP": "203.0.113.150" };
    for (let i = 0; i < 10; i++) {
      const res = await call("POST", "/auth/change-password", {
        token: u.token,
        headers,
        body: { currentPassword: `guess ${i}`, newPassword: "whatever new" },
      });
      expect(res.status).toBe(400);
    }
    const refused = await call("POST", "/auth/change-password", {
      token: u.token,
      headers,
      body: { currentPassword: u.password, newPassword: "whatever new" },
    });
    expect(refused.status).toBe(429);
  });

  it("needs a signed-in user", async () => {
    expect(
      (await call("POST", "/auth/change-password", { body: { currentPassword: "a", newPassword: "bbbbbbb" } })).status,
    ).toBe(401);
  });
});

describe("forgot password", () => {
  it("mails a code that resets the password and ends every session", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/forgot-password", { body: { email: u.email.toUpperCase() } });
    expect(res.status).toBe(200);
    const code = await latestCode(u.email);
    const reset = await call("POST", "/auth/reset-password", {
      body: { email: u.email, code, newPassword: "reset password 1" },
    });
    expect(reset.status).toBe(200);
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("POST", "/auth/login", { body: { email: u.email, password: "reset password 1" } })).status).toBe(
      200,
    );
    // The code is single use.
    const again = await call("POST", "/auth/reset-password", {
      body: { email: u.email, code, newPassword: "another password" },
    });
    expect(again.status).toBe(400);
  });

  it("mails the reset in the user's language: the stored choice, else the request's Accept-Language, else English", async () => {
    const cases = [
      {
        stored: null,
        acceptLanguage: "zh-CN,zh;q=0.9",
        subject: "重置您的 Mây 密码",
        text: /^您的密码重置码是 \d{6}。您也可以打开以下链接：\n.*\/reset-password\?token=[0-9a-f]{64}\n\n验证码和链接在 30 分钟内有效。/,
      },
      {
        stored: "ru",
        acceptLanguage: "en-US",
        subject: "Сброс пароля Mây",
        text: /^Ваш код для сброса пароля: \d{6}\. .*Код и ссылка действуют 30 минут\./s,
      },
      {
        stored: null,
        acceptLanguage: "vi",
        subject: "Đặt lại mật khẩu Mây",
        text: /^Mã đặt lại mật khẩu của bạn là \d{6}\./,
      },
      {
        stored: null,
        acceptLanguage: "de-DE, *;q=0.5",
        subject: "Reset your Mây password",
        text: /^Your password reset code is \d{6}\./,
      },
    ];
    for (const { stored, acceptLanguage, subject, text } of cases) {
      const u = await seedUser();
      if (stored)
        expect(
          (await call("PATCH", "/auth/update-profile", { token: u.token, body: { language: stored } })).status,
        ).toBe(200);
      const res = await call("POST", "/auth/forgot-password", {
        body: { email: u.email },
        headers: { "Accept-Language": acceptLanguage },
      });
      expect(res.status).toBe(200);
      const mail = await latestMail(u.email);
      expect(mail?.subject).toBe(subject);
      expect(mail?.body_text).toMatch(text);
    }
  });

  it("mails a link whose token resets the password", async () => {
    const u = await seedUser();
    await call("POST", "/auth/forgot-password", { body: { email: u.email } });
    const link = (await latestMail(u.email))!.body_text.match(/https?:\/\/\S+/)![0];
    const url = new URL(link);
    expect(url.pathname).toBe("/reset-password");
    const token = url.searchParams.get("token");
    const res = await call("POST", "/auth/reset-password", { body: { token, newPassword: "from the link" } });
    expect(res.status).toBe(200);
    expect((await call("POST", "/auth/login", { body: { email: u.email, password: "from the link" } })).status).toBe(
      200,
    );
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const u = await seedUser();
    const known = await json(await call("POST", "/auth/forgot-password", { body: { email: u.email } }));
    const unknown = await json(await call("POST", "/auth/forgot-password", { body: { email: "ghost@example.com" } }));
    expect(unknown).toEqual(known);
    expect(await mailCount("ghost@example.com")).toBe(0);
  });

  it("sends again only after 60 s, with the same answer meanwhile", async () => {
    const u = await seedUser();
    await call("POST", "/auth/forgot-password", { body: { email: u.email } });
    expect((await call("POST", "/auth/forgot-password", { body: { email: u.email } })).status).toBe(200);
    expect(await mailCount(u.email)).toBe(1);
    await ageRow("password_resets", u.id, 61_000);
    await call("POST", "/auth/forgot-password", { body: { email: u.email } });
    expect(await mailCount(u.email)).toBe(2);
  });

  it("allows 5 wrong codes, then refuses the right one too", async () => {
    const u = await seedUser();
    await call("POST", "/auth/forgot-password", { body: { email: u.email } });
    const code = await latestCode(u.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await call("POST", "/auth/reset-password", {
        body: { email: u.email, code: wrong, newPassword: "new password" },
      });
      expect((await json(res)).code).toBe("invalid_code");
    }
    const res = await call("POST", "/auth/reset-password", {
      body: { email: u.email, code, newPassword: "new password" },
    });
    expect(res.status).toBe(429);
    expect((await json(res)).code).toBe("too_many_attempts");
  });

  it("refuses an expired code and a bad link, and a short new password", async () => {
    const u = await seedUser();
    await call("POST", "/auth/forgot-password", { body: { email: u.email } });
    const code = await latestCode(u.email);
    const short = await call("POST", "/auth/reset-password", { body: { email: u.email, code, newPassword: "short" } });
    expect(short.status).toBe(400);
    await ageRow("password_resets", u.id, 30 * 60_000 + 1);
    const expired = await call("POST", "/auth/reset-password", {
      body: { email: u.email, code, newPassword: "long enough" },
    });
    expect((await json(expired)).code).toBe("verification_expired");
    const badLink = await call("POST", "/auth/reset-password", {
      body: { token: "ab".repeat(32), newPassword: "long enough" },
    });
    expect((await json(badLink)).code).toBe("verification_expired");
  });

  it("limits reset requests to 10 per address per hour", async () => {
    onTestFinished(holdTheClock()); // counted in fixed hour windows: every request at one moment
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call("POST", "/auth/forgot-password", {
        body: { email: `x${i}@example.com` },
        headers: { "CF-Connecting-IP": "203.0.113.77" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

// ---- auth-settings -----------------------------------------------------------------------------------------------
// AI settings (defaults, custom instruction limit, premium-only styles) and remembered facts.
const DAY = 24 * 60 * 60 * 1000;

describe("GET /auth/ai-settings", () => {
  it("answers the defaults for a new user: search, customization and memory on, no style", async () => {
    const u = await seedUser();
    const res = await call("GET", "/auth/ai-settings", { token: u.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({
      chat_customization: "",
      enable_search: true,
      enable_ai_custom: true,
      allow_new_chats: true,
      ai_style: null,
      memory_enabled: true,
      custom_instruction_max_chars: CUSTOM_INSTRUCTION_MAX_CHARS,
    });
  });

  it("needs a signed-in user", async () => {
    expect((await call("GET", "/auth/ai-settings")).status).toBe(401);
  });
});

describe("PATCH /auth/update-ai-settings", () => {
  it("changes only the fields sent and keeps them", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { enable_search: false, memory_enabled: false },
    });
    expect(res.status).toBe(200);
    await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { chat_customization: "Answer briefly." },
    });
    const data = (await json(await call("GET", "/auth/ai-settings", { token: u.token }))).data;
    expect(data).toMatchObject({
      enable_search: false,
      memory_enabled: false,
      chat_customization: "Answer briefly.",
      enable_ai_custom: true,
    });
  });

  it("refuses an AI style to a Free user with 403 premium_required, and lets a premium user pick one", async () => {
    const u = await seedUser();
    const free = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { ai_style: "creativeLite" },
    });
    expect(free.status).toBe(403);
    expect((await json(free)).code).toBe("premium_required");
    await setPlan(u.id, 1, Date.now() + 30 * DAY);
    const paid = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { ai_style: "creativeLite" },
    });
    expect(paid.status).toBe(200);
    expect((await json(paid)).data.ai_style).toBe("creativeLite");
    // Clearing the style is always allowed.
    await setPlan(u.id, 0, null);
    const cleared = await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { ai_style: null } });
    expect((await json(cleared)).data.ai_style).toBeNull();
  });

  it("treats an expired plan as Free", async () => {
    const u = await seedUser();
    await setPlan(u.id, 2, Date.now() - DAY);
    expect(
      (await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { ai_style: "accurate" } })).status,
    ).toBe(403);
  });

  it.each([
    [{ ai_style: "wild" }, "ai_style"],
    [{ enable_search: "yes" }, "enable_search"],
    [{ chat_customization: "x".repeat(CUSTOM_INSTRUCTION_MAX_CHARS + 1) }, "chat_customization"],
  ])("answers 400 for %j", async (body, field) => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-ai-settings", { token: u.token, body });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe(field);
  });

  it("counts the limit in characters: 1,500 emoji fit", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-ai-settings", {
      token: u.token,
      body: { chat_customization: "🙂".repeat(CUSTOM_INSTRUCTION_MAX_CHARS) },
    });
    expect(res.status).toBe(200);
  });
});

describe("POST /auth/update-chat-customization", () => {
  it("saves the instruction and the 'allow for new chats' switch", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { customization: "Call me Lan.", allow_new_chats: false },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      chat_customization: "Call me Lan.",
      allow_new_chats: false,
      enable_search: true,
    });
    const alt = await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { chat_customization: "Be brief." },
    });
    expect((await json(alt)).data).toMatchObject({ chat_customization: "Be brief.", allow_new_chats: false });
  });

  it("refuses an instruction over the limit", async () => {
    const u = await seedUser();
    const res = await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { customization: "a".repeat(1501) },
    });
    expect(res.status).toBe(400);
  });
});

describe("/auth/memories", () => {
  it("adds, lists and deletes remembered facts", async () => {
    const u = await seedUser();
    const a = await json(
      await call("POST", "/auth/memories", { token: u.token, body: { content: "Lives in Hà Nội" } }),
    );
    await call("POST", "/auth/memories", { token: u.token, body: { content: "Is learning English" } });
    const list = (await json(await call("GET", "/auth/memories", { token: u.token }))).data;
    expect(list.limit).toBe(20);
    expect(list.memories.map((m: any) => m.content)).toEqual(["Lives in Hà Nội", "Is learning English"]);
    expect((await call("DELETE", `/auth/memories/${a.data.id}`, { token: u.token })).status).toBe(200);
    expect((await json(await call("GET", "/auth/memories", { token: u.token }))).data.memories).toHaveLength(1);
    expect((await json(await call("DELETE", "/auth/memories", { token: u.token }))).data.deleted).toBe(1);
    expect((await json(await call("GET", "/auth/memories", { token: u.token }))).data.memories).toHaveLength(0);
  });

  it("stops at the plan's limit with 403", async () => {
    const u = await seedUser();
    for (let i = 0; i < 20; i++)
      expect((await call("POST", "/auth/memories", { token: u.token, body: { content: `fact ${i}` } })).status).toBe(
        201,
      );
    const full = await call("POST", "/auth/memories", { token: u.token, body: { content: "one more" } });
    expect(full.status).toBe(403);
    expect((await json(full)).code).toBe("quota_exhausted");
  });

  it("answers 400 for an empty fact", async () => {
    const u = await seedUser();
    expect((await call("POST", "/auth/memories", { token: u.token, body: { content: "  " } })).status).toBe(400);
  });
});

describe("settings reach the user's object for the next answer", () => {
  it("after each write through the routes", async () => {
    const u = await seedUser();
    await call("POST", "/auth/update-chat-customization", {
      token: u.token,
      body: { customization: "Speak like a poet." },
    });
    const fact = (
      await json(await call("POST", "/auth/memories", { token: u.token, body: { content: "Has a cat named Mướp" } }))
    ).data;
    let kept = await inUserHub(u.id, (hub) => hub.state.personalization.get());
    expect(kept.settings.chatCustomization).toBe("Speak like a poet.");
    expect(kept.memories).toEqual(["Has a cat named Mướp"]);
    await call("PATCH", "/auth/update-ai-settings", { token: u.token, body: { memory_enabled: false } });
    await call("DELETE", `/auth/memories/${fact.id}`, { token: u.token });
    kept = await inUserHub(u.id, (hub) => hub.state.personalization.get());
    expect(kept.settings.memoryEnabled).toBe(false);
    expect(kept.memories).toEqual([]);
  });
});

// ---- user-sessions -----------------------------------------------------------------------------------------------
describe("/user-sessions", () => {
  it("starts another session for a signed-in client and answers jwt_token and session_token", async () => {
    const u = await seedUser();
    const res = await call("POST", "/user-sessions", { token: u.token, body: { user_id: u.id, user_agent: "cli" } });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data.session_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await call("GET", "/auth/me", { token: data.jwt_token })).status).toBe(200);
  });

  it("refuses to start a session for another user id with 403", async () => {
    const u = await seedUser();
    const other = await seedUser();
    const res = await call("POST", "/user-sessions", { token: u.token, body: { user_id: other.id } });
    expect(res.status).toBe(403);
  });

  it("validates a token: 200 with the user for a live one, 401 for a revoked or garbage one", async () => {
    const u = await seedUser();
    const ok = await call("POST", "/user-sessions/validate-token", { body: { jwt_token: u.token } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toMatchObject({ valid: true, user: { id: u.id } });
    expect((await call("POST", "/user-sessions/validate-token", { body: { jwt_token: "garbage" } })).status).toBe(401);
    const missing = await call("POST", "/user-sessions/validate-token", { body: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toMatch(/token is required/i);
    await call("DELETE", `/user-sessions/${u.sessionToken}`, { token: u.token });
    expect((await call("POST", "/user-sessions/validate-token", { body: { jwt_token: u.token } })).status).toBe(401);
  });

  it("lists the active devices, marking the current one", async () => {
    const u = await seedUser();
    await login(u.email, u.password, "Firefox on Linux");
    const res = await call("GET", "/user-sessions", { token: u.token });
    const { data } = await json(res);
    expect(data).toHaveLength(2);
    expect(data.filter((s: any) => s.current)).toHaveLength(1);
    expect(data.map((s: any) => s.user_agent)).toContain("Firefox on Linux");
  });

  it("logs out by session token: the session stops working at once and the cookies are cleared", async () => {
    const u = await seedUser();
    const res = await call("DELETE", `/user-sessions/${u.sessionToken}`, { token: u.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data.current).toBe(true);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("jwt_token=;") || /jwt_token=.*Max-Age=0/.test(c))).toBe(
      true,
    );
    const after = await call("GET", "/chat-sessions", { token: u.token });
    expect(after.status).toBe(401);
  });

  it("logs the browser out by cookie with DELETE /user-sessions/current: only that session ends", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password);
    const cookie = `jwt_token=${u.token}; session_token=${u.sessionToken}`;
    const res = await call("DELETE", "/user-sessions/current", { headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.current).toBe(true);
    expect(
      res.headers.getSetCookie().some((c) => /^session_token=;/.test(c) || /session_token=.*Max-Age=0/.test(c)),
    ).toBe(true);
    expect((await call("GET", "/auth/me", { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: other.token })).status).toBe(200);
  });

  it("refuses a cookie logout from another origin (403)", async () => {
    const u = await seedUser();
    const cookie = `jwt_token=${u.token}; session_token=${u.sessionToken}`;
    const res = await call("DELETE", "/user-sessions/current", {
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await call("GET", "/auth/me", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("rejects a session token that does not belong to the token's session", async () => {
    const u = await seedUser();
    const other = await login(u.email, u.password);
    const res = await call("GET", "/auth/me", { token: u.token, sessionToken: other.sessionToken });
    expect(res.status).toBe(401);
  });

  it("keeps at most the plan's limit of active sessions (Advanced+: 5)", async () => {
    const u = await seedUser();
    await setPlan(u.id, 2, Date.now() + 86_400_000);
    const sessions = [];
    for (let i = 0; i < 6; i++) sessions.push(await login(u.email, u.password, `device ${i}`));
    const active = await env.DB.prepare(
      "SELECT count(*) AS n FROM user_sessions WHERE user_id = ? AND revoked_at IS NULL",
    )
      .bind(u.id)
      .first<any>();
    expect(active.n).toBe(5);
    // the registration session and device 0 went; device 1 onwards still work
    expect((await call("GET", "/auth/me", { token: u.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: sessions[0]!.token })).status).toBe(401);
    expect((await call("GET", "/auth/me", { token: sessions[1]!.token })).status).toBe(200);
  });

  it("never leaves more than the limit active under concurrent logins", async () => {
    const u = await seedUser();
    await Promise.all(Array.from({ length: 5 }, (_, i) => login(u.email, u.password, `c${i}`)));
    const active = await env.DB.prepare(
      "SELECT count(*) AS n FROM user_sessions WHERE user_id = ? AND revoked_at IS NULL",
    )
      .bind(u.id)
      .first<any>();
    expect(active.n).toBe(2);
  });
});

// ---- auth-avatar -------------------------------------------------------------------------------------------------
// The profile picture in R2: uploaded as multipart or raw bytes, recognised by its bytes, readable by its owner only.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

async function upload(token: string, body: BodyInit, contentType?: string) {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (contentType) headers.set("Content-Type", contentType);
  return workerFetch(new Request(`${ORIGIN}/auth/avatar`, { method: "POST", headers, body }));
}

describe("/auth/avatar", () => {
  it("stores a multipart PNG in R2, sets the profile's avatar, and serves it to its owner", async () => {
    const u = await seedUser();
    const form = new FormData();
    form.set("avatar", new File([PNG], "me.png", { type: "image/png" }));
    const res = await upload(u.token, form);
    expect(res.status).toBe(201);
    const avatar = (await json(res)).data.user.avatar as string;
    expect(avatar).toMatch(/^\/auth\/avatar\/[0-9a-f-]{36}$/);
    expect((await json(await call("GET", "/auth/me", { token: u.token }))).data.user.avatar).toBe(avatar);
    const img = await call("GET", avatar, { token: u.token });
    expect(img.status).toBe(200);
    expect(img.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);
    const listed = await env.IMAGES.list({ prefix: `avatars/${u.id}/` });
    expect(listed.objects).toHaveLength(1);
  });

  it("replaces the old picture (raw JPEG bytes) and deletes it from R2", async () => {
    const u = await seedUser();
    const first = (await json(await upload(u.token, PNG, "image/png"))).data.avatar;
    const second = (await json(await upload(u.token, JPEG, "application/octet-stream"))).data.avatar;
    expect(second).not.toBe(first);
    expect((await call("GET", first, { token: u.token })).status).toBe(404);
    expect((await call("GET", second, { token: u.token })).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await env.IMAGES.list({ prefix: `avatars/${u.id}/` })).objects).toHaveLength(1);
  });

  it("refuses what is not an image with 415, whatever its declared type, and an empty body with 400", async () => {
    const u = await seedUser();
    const html = await upload(u.token, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    expect(html.status).toBe(415);
    expect((await upload(u.token, new Uint8Array(0), "image/png")).status).toBe(400);
  });

  it("refuses more than 2 MB with 413", async () => {
    const u = await seedUser();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(u.token, big, "image/png")).status).toBe(413);
  });

  it("removes the picture", async () => {
    const u = await seedUser();
    const avatar = (await json(await upload(u.token, PNG, "image/png"))).data.avatar;
    const res = await call("DELETE", "/auth/avatar", { token: u.token });
    expect((await json(res)).data.user.avatar).toBeNull();
    expect((await call("GET", avatar, { token: u.token })).status).toBe(404);
  });
});

// ---- account-journey ---------------------------------------------------------------------------------------------
// The "done" path on the server, end to end in workerd: sign up, link a Google identity through the pending
// flow with the password, change the email by the code from the dev mailbox, change the password (other devices
// out), set a custom instruction and a style, connect an external model with the user's own key.
describe("an account's journey", () => {
  it("works from sign-up to an external model", async () => {
    const u = await registerUser();
    const laptop = await login(u.email, u.password, "laptop");

    // Google identity with the same email → pending → linked with the password.
    const sub = uniqueId();
    const pending = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: u.email }) } }),
    );
    expect(pending.status).toBe("pending");
    const linked = await call("POST", "/auth/link-account", { body: { ...pending.data, password: u.password } });
    expect(linked.status).toBe(200);
    // That sign-in is this device from now on (Free keeps 2 devices: the registration's session was the oldest).
    const token = (await json(linked)).data.token as string;

    // Email change by the code in the dev mailbox.
    const newEmail = `journey-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await call("POST", "/auth/email-verification/request-change", { token, body: { newEmail } });
    const verified = await call("POST", "/auth/email-verification/verify-code", {
      token,
      body: { verificationCode: await latestCode(newEmail) },
    });
    expect(verified.status).toBe(200);

    // Password change: the laptop is signed out, this device stays until the SPA logs out itself.
    const changed = await call("POST", "/auth/change-password", {
      token,
      body: { currentPassword: u.password, newPassword: "journey pass 2" },
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/auth/me", { token: laptop.token })).status).toBe(401);
    const me = await json(await call("GET", "/auth/me", { token }));
    expect(me.data.user.email).toBe(newEmail);

    // Google still signs in to the same account after the email change.
    const viaGoogle = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: u.email }) } }),
    );
    expect(viaGoogle.data.user.id).toBe(u.id);

    // Personalization, and an external model on a premium plan.
    await setPlan(u.id, 1, Date.now() + 30 * 24 * 60 * 60 * 1000);
    await call("POST", "/auth/update-chat-customization", { token, body: { customization: "Answer like a pirate." } });
    const styled = await call("PATCH", "/auth/update-ai-settings", { token, body: { ai_style: "superCreative" } });
    expect((await json(styled)).data).toMatchObject({
      chat_customization: "Answer like a pirate.",
      ai_style: "superCreative",
    });
    const key = await call("PUT", "/auth/external-models/claude", { token, body: { apiKey: "good-journey-key-7777" } });
    expect((await json(key)).data.last4).toBe("7777");
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: u.id, provider: "claude" })).toBe(
      "good-journey-key-7777",
    );
  });
});

// ---- auth --------------------------------------------------------------------------------------------------------
describe("POST /auth/register", () => {
  it("creates the account, answers the user with a token and session token, and sets HttpOnly cookies", async () => {
    const res = await call("POST", "/auth/register", {
      body: { name: "  Lan  ", email: "Lan@Example.COM", password: "12345678" },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.status).toBe("success");
    expect(body.data.user).toMatchObject({
      name: "Lan",
      email: "lan@example.com",
      is_premium: 0,
      plan: "free",
      premium_active: false,
    });
    expect(body.data.user).not.toHaveProperty("password_hash");
    expect(body.data.session_token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.token.split(".")).toHaveLength(3);
    const cookies = res.headers.getSetCookie();
    expect(
      cookies.some(
        (c) => c.startsWith("jwt_token=") && /HttpOnly/i.test(c) && /Secure/i.test(c) && /SameSite=Lax/i.test(c),
      ),
    ).toBe(true);
    expect(cookies.some((c) => c.startsWith("session_token=") && /Max-Age=604800/.test(c))).toBe(true);
  });

  it("stores a PBKDF2 hash, never the password", async () => {
    const u = await registerUser({ password: "my secret password" });
    const row = await env.DB.prepare("SELECT password_hash, password_salt, password_iterations FROM users WHERE id = ?")
      .bind(u.id)
      .first<any>();
    expect(row.password_iterations).toBe(100_000);
    expect(row.password_hash).not.toContain("my secret password");
    expect(row.password_salt).toBeTruthy();
  });

  it("refuses a second account with the same email (any case) with 409", async () => {
    const u = await registerUser();
    const res = await call("POST", "/auth/register", {
      body: { name: "X", email: u.email.toUpperCase(), password: "12345678" },
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ status: "error", code: "email_taken", field: "email" });
  });

  it.each([
    [{ email: "a@b.co", password: "12345678" }, "name"],
    [{ name: "A", email: "not-an-email", password: "12345678" }, "email"],
    [{ name: "A", email: "a@b.co", password: "short" }, "password"],
    [{ name: "A", email: "a@b.co", password: 12345678 }, "password"],
  ])("answers 400 naming the bad field for %j", async (body, field) => {
    const res = await call("POST", "/auth/register", { body });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ status: "error", code: "invalid_input", field });
  });

  it("answers 400 for malformed JSON, never 500", async () => {
    const res = await call("POST", "/auth/register", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ status: "error" });
  });
});

describe("POST /auth/login", () => {
  it("logs in with the right password and returns a working token", async () => {
    const u = await seedUser();
    const s = await login(u.email, u.password);
    const me = await call("GET", "/auth/me", { token: s.token });
    expect(me.status).toBe(200);
    expect((await json(me)).data.user.email).toBe(u.email);
  });

  it("answers 401 invalid_credentials for a wrong password or an unknown email, with the same message", async () => {
    const u = await seedUser();
    const wrong = await call("POST", "/auth/login", { body: { email: u.email, password: "wrong password" } });
    const unknown = await call("POST", "/auth/login", { body: { email: "nobody@example.com", password: "whatever1" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await json(wrong), await json(unknown)];
    expect(a.code).toBe("invalid_credentials");
    expect(a.message).toBe(b.message);
  });

  it("answers 400 for a missing password", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "a@b.co" } });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe("password");
  });
});

describe("GET /auth/me and PATCH /auth/update-profile", () => {
  it("answers 401 without credentials and with a forged token", async () => {
    expect((await call("GET", "/auth/me")).status).toBe(401);
    const forged = await call("GET", "/auth/me", { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad" });
    expect(forged.status).toBe(401);
    expect((await json(forged)).code).toBe("invalid_token");
  });

  it("authenticates with the jwt_token cookie too", async () => {
    const u = await seedUser();
    const res = await call("GET", "/auth/me", {
      headers: { Cookie: `jwt_token=${u.token}; session_token=${u.sessionToken}` },
    });
    expect(res.status).toBe(200);
  });

  it("updates the profile fields and returns the user", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", {
      token: u.token,
      body: { name: "Minh", phone_number: "+84 912 345 678", birthday: "1990-05-17", gender: "female", language: "vi" },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.user).toMatchObject({
      name: "Minh",
      phone_number: "+84 912 345 678",
      birthday: "1990-05-17",
      gender: "female",
      language: "vi",
    });
    const me = await json(await call("GET", "/auth/me", { token: u.token }));
    expect(me.data.user.name).toBe("Minh");
  });

  it.each([
    [{ gender: "robot" }, "gender"],
    [{ birthday: "17/05/1990" }, "birthday"],
    [{ birthday: "2999-01-01" }, "birthday"],
    [{ phone_number: "call me" }, "phone_number"],
    [{ name: "" }, "name"],
  ])("answers 400 for %j", async (body, field) => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", { token: u.token, body });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe(field);
  });

  it.each([
    ["javascript:alert(1)"],
    [" JavaScript:alert(document.cookie)"],
    ["data:image/svg+xml,<svg onload=alert(1)>"],
    ["vbscript:msgbox(1)"],
    ["//evil.example/a.png"],
    ["/auth/avatar/not-through-the-upload"],
    ["not a url"],
    ["https://exa\tmple.com/a.png"],
    [`https://example.com/${"a".repeat(2_049)}`],
  ])("refuses the avatar %j with 400 in the error envelope and keeps the old one", async (avatar) => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", { token: u.token, body: { avatar } });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ status: "error", code: "invalid_input", field: "avatar" });
    expect((await json(await call("GET", "/auth/me", { token: u.token }))).data.user.avatar).toBeNull();
  });

  it("stores an http(s) avatar URL, and null clears it", async () => {
    const u = await seedUser();
    for (const avatar of ["https://lh3.googleusercontent.com/a/photo.jpg", "http://example.com/me.png", null]) {
      const res = await call("PATCH", "/auth/update-profile", { token: u.token, body: { avatar } });
      expect(res.status).toBe(200);
      expect((await json(res)).data.user.avatar).toBe(avatar);
    }
  });

  it("refuses a cookie-authenticated change from another origin", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", {
      body: { name: "Hacked" },
      headers: { Cookie: `jwt_token=${u.token}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe("csrf_rejected");
    const sameOrigin = await call("PATCH", "/auth/update-profile", {
      body: { name: "Fine" },
      headers: { Cookie: `jwt_token=${u.token}`, Origin: "https://may.test" },
    });
    expect(sameOrigin.status).toBe(200);
  });
});
