// /auth/email-verification: changing the account's email by a 6-digit code sent to the new address. The code is
// stored as an HMAC, is valid 10 minutes, allows 5 tries, and can be sent again after 60 s (429 before). The new
// email must not belong to another account, checked when asked and again, atomically, when applied.
import { Hono } from "hono";
import { requireAuth } from "../http/auth-middleware";
import { tooMany } from "../auth/rate-limit";
import { keyedHash, matchesKeyedHash, randomDigits } from "../crypto/hmac";
import {
  applyEmailChange,
  cancelEmailChange,
  getEmailChange,
  MAX_CODE_ATTEMPTS,
  RESEND_AFTER_MS,
  startEmailChange,
  takeEmailCodeAttempt,
} from "../db/accounts";
import { getUserByEmail, normalizeEmail } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import { EmailChangeSchema, EmailCodeSchema } from "../protocol/account-requests";
import { assertMailConfigured, sendMail } from "../mail/send";
import { emailChangedMail, emailCodeMail, mailLanguage } from "../mail/templates";

/** A code is valid for 10 minutes. */
export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
const CODE_PURPOSE = "email-change-code";

const codeMessage = (userId: string, newEmail: string, code: string) => `${userId}|${newEmail}|${code}`;
const codeHash = (env: Env, userId: string, newEmail: string, code: string) =>
  keyedHash(env, CODE_PURPOSE, codeMessage(userId, newEmail, code));

function pendingView(row: { newEmail: string; expiresAt: number; sentAt: number; attempts: number }) {
  return {
    pending: true,
    newEmail: row.newEmail,
    expires_at: isoOrNull(row.expiresAt),
    resend_available_at: isoOrNull(row.sentAt + RESEND_AFTER_MS),
    attempts_left: Math.max(0, MAX_CODE_ATTEMPTS - row.attempts),
  };
}

export const accountEmailRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => {
    const row = await getEmailChange({ db: c.var.db, userId: c.var.user.id });
    if (!row || row.expiresAt <= Date.now()) return c.json({ status: "success", data: { pending: false } }, 200);
    return c.json({ status: "success", data: pendingView(row) }, 200);
  })
  .post("/request-change", valid("json", EmailChangeSchema), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const newEmail = normalizeEmail(c.req.valid("json").newEmail);
    if (newEmail === user.email)
      throw new AppError("invalid_input", "The new email is the same as the current one", { field: "newEmail" });
    const owner = await getUserByEmail({ db, email: newEmail });
    if (owner) throw new AppError("email_taken", "An account with this email already exists", { field: "newEmail" });
    assertMailConfigured(c.env);
    const code = randomDigits(6);
    const row = await startEmailChange({
      db,
      userId: user.id,
      newEmail,
      codeHash: await codeHash(c.env, user.id, newEmail, code),
      expiresAt: Date.now() + EMAIL_CODE_TTL_MS,
    });
    if (!row) {
      const last = await getEmailChange({ db, userId: user.id });
      tooMany(
        c,
        (last?.sentAt ?? Date.now()) + RESEND_AFTER_MS,
        "Please wait a minute before asking for another code.",
      );
    }
    await sendMail({
      env: c.env,
      db,
      mail: emailCodeMail(
        mailLanguage(user.language, c.req.header("Accept-Language")),
        newEmail,
        code,
        EMAIL_CODE_TTL_MS / 60_000,
      ),
    });
    return c.json({ status: "success", data: { ...pendingView(row), message: "Verification code sent" } }, 200);
  })
  .post("/verify-code", valid("json", EmailCodeSchema), async (c) => {
    const db = c.var.db;
    const user = c.var.user;
    const { verificationCode } = c.req.valid("json");
    const row = await takeEmailCodeAttempt({ db, userId: user.id });
    if (!row) {
      const pending = await getEmailChange({ db, userId: user.id });
      if (pending && pending.expiresAt > Date.now()) {
        throw new AppError("too_many_attempts", "Too many wrong codes. Please ask for a new code.");
      }
      throw new AppError("verification_expired", "There is no pending email change, or its code has expired");
    }
    const ok = await matchesKeyedHash(
      c.env,
      CODE_PURPOSE,
      codeMessage(user.id, row.newEmail, verificationCode),
      row.codeHash,
    );
    if (!ok) {
      throw new AppError("invalid_code", "The verification code is incorrect", {
        attempts_left: Math.max(0, MAX_CODE_ATTEMPTS - row.attempts),
      });
    }
    try {
      await applyEmailChange({ db, owner: c.var.hub, userId: user.id, newEmail: row.newEmail });
    } catch (err) {
      if (String(err).includes("UNIQUE"))
        throw new AppError("email_taken", "An account with this email already exists", { field: "newEmail" });
      throw err;
    }
    // Tell the old address, so a hijacked session changing the email does not go unnoticed. Best effort.
    await sendMail({
      env: c.env,
      db,
      mail: emailChangedMail(mailLanguage(user.language, c.req.header("Accept-Language")), user.email, row.newEmail),
    }).catch((err) => console.error("email-changed notice failed", err));
    return c.json({ status: "success", data: { email: row.newEmail, message: "Email updated" } }, 200);
  })
  .post("/cancel", async (c) => {
    await cancelEmailChange({ db: c.var.db, userId: c.var.user.id });
    return c.json({ status: "success", data: { pending: false } }, 200);
  });
