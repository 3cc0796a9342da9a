// Password change (the spec's rules and texts; the other sessions end at once) and the forgotten-password flow by
// an emailed code or link (every session ends), with mail in the dev mailbox in the user's language.
import { describe, expect, it } from "vitest";
import { call, json, login, seedUser } from "../../support/api";
import { ageRow, latestCode, latestMail, mailCount } from "../accounts/helpers";

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
