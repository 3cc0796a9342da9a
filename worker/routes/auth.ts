// /auth: register, login, the signed-in user, and profile updates. Sign-in abuse is limited by counting failed
// password checks only, per IP and per account-and-IP, never locking the owner out (worker/auth/rate-limit.ts);
// sign-up also passes Cloudflare Turnstile when the operator turned it on (worker/auth/turnstile.ts).
import { Hono } from "hono";
import { readReferralCookie } from "../affiliate/referral";
import { attributeSignup } from "../db/affiliate";
import { issueSession } from "../http/issue-session";
import { requireAuth } from "../http/auth-middleware";
import { hashPassword } from "../auth/password";
import { checkAccountPassword, guardRegistration, rememberDevice } from "../auth/rate-limit";
import { requireHuman } from "../auth/turnstile";
import { users } from "../db/schema";
import { pickShard, placeUserStatements } from "../db/shards";
import { getUserByEmail, normalizeEmail, publicUser, updateProfile } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { valid } from "../lib/validate";
import { LoginSchema, ProfileUpdateSchema, RegistrationSchema } from "../protocol/account-requests";

export const authRoutes = new Hono<AppEnv>()
  .post("/register", valid("json", RegistrationSchema), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    await requireHuman(c, body.turnstile_token);
    await guardRegistration(c, db);
    if (await getUserByEmail({ db, email: body.email })) {
      throw new AppError("email_taken", "An account with this email already exists", { field: "email" });
    }
    const pw = await hashPassword(body.password);
    const id = crypto.randomUUID();
    const [[user]] = await db.batch([
      db
        .insert(users)
        .values({
          id,
          name: body.name,
          email: normalizeEmail(body.email),
          passwordHash: pw.hash,
          passwordSalt: pw.salt,
          passwordIterations: pw.iterations,
        })
        .onConflictDoNothing()
        .returning(),
      ...placeUserStatements({ db, userId: id, shard: await pickShard(db, c.env) }),
    ]);
    if (!user) throw new AppError("email_taken", "An account with this email already exists", { field: "email" });
    // A signup through a referral link (first touch, 30-day cookie) is attributed to its referrer.
    await attributeSignup({ db, newUserId: user.id, affiliateCode: readReferralCookie(c) });
    const s = await issueSession(c, user);
    await rememberDevice(c, user.id);
    return c.json(
      {
        status: "success",
        data: { user: publicUser(user), token: s.token, jwt_token: s.token, session_token: s.sessionToken },
      },
      201,
    );
  })
  .post("/login", valid("json", LoginSchema), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const email = normalizeEmail(body.email);
    const user = await getUserByEmail({ db, email });
    const ok = await checkAccountPassword(c, { db, account: email, user, password: body.password });
    if (!user || !ok) {
      throw new AppError("invalid_credentials", "Invalid email or password");
    }
    const s = await issueSession(c, user, body.user_agent);
    await rememberDevice(c, user.id);
    return c.json(
      {
        status: "success",
        data: { user: publicUser(user), token: s.token, jwt_token: s.token, session_token: s.sessionToken },
      },
      200,
    );
  })
  .get("/me", requireAuth, (c) => c.json({ status: "success", data: { user: publicUser(c.var.user) } }, 200))
  .patch("/update-profile", requireAuth, valid("json", ProfileUpdateSchema), async (c) => {
    const body = c.req.valid("json");
    if (Object.values(body).every((x) => x === undefined)) {
      return c.json({ status: "success", data: { user: publicUser(c.var.user) } }, 200);
    }
    const user = await updateProfile({
      db: c.var.db,
      owner: c.var.hub,
      userId: c.var.user.id,
      patch: {
        name: body.name,
        phoneNumber: body.phone_number,
        birthday: body.birthday,
        gender: body.gender,
        avatar: body.avatar,
        language: body.language,
      },
    });
    if (!user) throw new AppError("not_found", "User not found");
    return c.json({ status: "success", data: { user: publicUser(user) } }, 200);
  });
