// Email change by a 6-digit code: valid 10 minutes, 5 tries, resend after 60 s, unique emails, mail in the dev mailbox,
// in the user's language (the stored choice, else the request's Accept-Language, else English).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, seedUser } from "../../support/api";
import { ageRow, latestCode, latestMail, mailCount } from "../accounts/helpers";

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
