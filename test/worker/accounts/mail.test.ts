// Mail transports: a Resend-style HTTP API when configured, else the dev mailbox (local only), else a clear 503.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { AppError } from "../../../worker/errors";
import { mailTransport, sendMail } from "../../../worker/mail/send";
import { call, json, seedUser } from "../../support/api";

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
    const page = await exports.default.fetch(new Request("http://localhost:8787/dev/mailbox"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(u.email);
    const list = await exports.default.fetch(
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
