// Passwords: POST /auth/change-password (signed in; ends the user's other sessions live), and the forgotten-password
// flow: POST /auth/forgot-password mails a 6-digit code and a link (answering the same whether or not the account
// exists), POST /auth/reset-password sets a new password with either and ends every session of the account.
import { Hono } from "hono";
import { requireAuth } from "../http/auth-middleware";
import { hashPassword } from "../auth/password";
import { checkAccountPassword, clientIp, forgetAccountFailures, tooMany } from "../auth/rate-limit";
import { requireHuman } from "../auth/turnstile";
import { userHub } from "../../durable-objects/user-hub-stub";
import { randomHex, sha256Hex } from "../auth/tokens";
import { keyedHash, matchesKeyedHash, randomDigits } from "../crypto/hmac";
import {
  getPasswordResetByToken,
  hasLivePasswordReset,
  MAX_CODE_ATTEMPTS,
  setPassword,
  startPasswordReset,
  takeResetCodeAttempt,
} from "../db/accounts";
import { takeRateLimit } from "../db/rate-limits";
import { getUserByEmail, getUserById, normalizeEmail } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { valid } from "../lib/validate";
import { PasswordChangeSchema, PasswordForgotSchema, PasswordResetSchema } from "../protocol/account-requests";
import { CHANGED_PASSWORD_MIN } from "../protocol/accounts";
import { assertMailConfigured, sendMail } from "../mail/send";
import { mailLanguage, passwordResetMail } from "../mail/templates";

/** A reset code and link are valid for 30 minutes. */
export const RESET_TTL_MS = 30 * 60 * 1000;
/** Reset requests per client IP per hour: 10. */
const RESET_REQUESTS_PER_IP = 10;
const HOUR_MS = 60 * 60 * 1000;
const RESET_CODE_PURPOSE = "password-reset-code";

const resetCodeMessage = (userId: string, code: string) => `${userId}|${code}`;
const resetCodeHash = (env: Env, userId: string, code: string) =>
  keyedHash(env, RESET_CODE_PURPOSE, resetCodeMessage(userId, code));

export const accountPasswordRoutes = new Hono<AppEnv>()
  .post("/change-password", requireAuth, valid("json", PasswordChangeSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const user = c.var.user;
    if (!currentPassword || !newPassword) throw new AppError("invalid_input", "Please fill in all fields");
    if (newPassword.length < CHANGED_PASSWORD_MIN) {
      throw new AppError("invalid_input", `New password must be at least ${CHANGED_PASSWORD_MIN} characters`, {
        field: "newPassword",
      });
    }
    if (newPassword === currentPassword) {
      throw new AppError("invalid_input", "New password must be different from the current password", {
        field: "newPassword",
      });
    }
    if (!user.passwordHash) {
      throw new AppError("incorrect_password", "This account has no password yet. Use 'Forgot password' to set one.", {
        field: "currentPassword",
      });
    }
    const ok = await checkAccountPassword(c, { db: c.var.db, account: user.email, user, password: currentPassword });
    if (!ok)
      throw new AppError("incorrect_password", "The current password is incorrect", { field: "currentPassword" });
    await setPassword({ db: c.var.db, owner: c.var.hub, userId: user.id, pw: await hashPassword(newPassword) });
    // The other devices are pushed out live; this one stays signed in (the SPA logs itself out after 2 s).
    const ended = await c.var.hub.endOtherSessions(c.var.session.id, "password_changed");
    return c.json({ status: "success", data: { message: "Password changed", ended_sessions: ended.length } }, 200);
  })
  .post("/forgot-password", valid("json", PasswordForgotSchema), async (c) => {
    const db = c.var.db;
    const body = c.req.valid("json");
    // The step that mails anyone's address: behind Turnstile when it is on (auth/turnstile.ts).
    await requireHuman(c, body.turnstile_token);
    const email = normalizeEmail(body.email);
    const ip = clientIp(c);
    if (ip) {
      const hit = await takeRateLimit({ db, key: `reset:ip:${ip}`, max: RESET_REQUESTS_PER_IP, windowMs: HOUR_MS });
      if (!hit.ok) tooMany(c, hit.resetAt);
    }
    assertMailConfigured(c.env);
    const user = await getUserByEmail({ db, email });
    if (user) {
      const token = randomHex(32);
      const code = randomDigits(6);
      const started = await startPasswordReset({
        db,
        userId: user.id,
        tokenHash: await sha256Hex(token),
        codeHash: await resetCodeHash(c.env, user.id, code),
        expiresAt: Date.now() + RESET_TTL_MS,
      });
      // Within 60 s of the last mail nothing is sent again; the answer stays the same, so it says nothing either.
      if (started) {
        const link = `${new URL(c.req.url).origin}/reset-password?token=${token}`;
        await sendMail({
          env: c.env,
          db,
          mail: passwordResetMail(
            mailLanguage(user.language, c.req.header("Accept-Language")),
            user.email,
            code,
            link,
            RESET_TTL_MS / 60_000,
          ),
        });
      }
    }
    return c.json(
      {
        status: "success",
        data: { message: "If an account exists for this email, a reset code and link are on their way." },
      },
      200,
    );
  })
  .post("/reset-password", valid("json", PasswordResetSchema), async (c) => {
    const db = c.var.db;
    const body = c.req.valid("json");
    let userId: string;
    if ("token" in body) {
      const row = await getPasswordResetByToken({ db, tokenHash: await sha256Hex(body.token) });
      if (!row) throw new AppError("verification_expired", "This reset link is invalid or has expired");
      userId = row.userId;
    } else {
      const user = await getUserByEmail({ db, email: body.email });
      const row = user ? await takeResetCodeAttempt({ db, userId: user.id }) : null;
      if (!user || !row) {
        if (user && (await hasLivePasswordReset({ db, userId: user.id }))) {
          throw new AppError("too_many_attempts", "Too many wrong codes. Please ask for a new code.");
        }
        throw new AppError("verification_expired", "This reset code is invalid or has expired");
      }
      if (!(await matchesKeyedHash(c.env, RESET_CODE_PURPOSE, resetCodeMessage(user.id, body.code), row.codeHash))) {
        throw new AppError("invalid_code", "The reset code is incorrect", {
          attempts_left: Math.max(0, MAX_CODE_ATTEMPTS - row.attempts),
        });
      }
      userId = user.id;
    }
    const user = await getUserById({ db, id: userId });
    if (!user) throw new AppError("verification_expired", "This reset link is invalid or has expired");
    const owner = await userHub(c.env, userId);
    await setPassword({ db, owner, userId, pw: await hashPassword(body.newPassword) });
    await owner.endOtherSessions(null, "password_changed");
    await forgetAccountFailures(c, { db, account: user.email });
    return c.json(
      { status: "success", data: { message: "Password reset. Please sign in with the new password." } },
      200,
    );
  });
