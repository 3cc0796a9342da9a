// Google and Facebook sign-in under /auth, and linked accounts.
//   POST /auth/google {token} and POST /auth/facebook {accessToken}: a verified identity that is linked signs its
//   user in; a verified email of an account WITH a password answers status "pending" (requiresLinking, email,
//   providerId, provider and a 10-minute linkingToken bound to the verified identity; no session), so a shared email
//   never takes an account over; a verified email of a password-less account links to it (that email is already
//   its only credential); anything else creates an account.
//   POST /auth/link-account {provider, providerId, email, password, linkingToken} completes a pending link with the
//   account's password (rate limited like login) and signs in.
//   GET /auth/linked-accounts (data.providers) and POST /auth/unlink-account {provider}, never the last way in.
//   POST /auth/linked-accounts {provider, token | accessToken, password} links another identity from Settings while
//   signed in; the account's password is asked again (when it has one), so a stolen session cannot add a way in.
//   GET /auth/social-config (public): the Google client id and Facebook app id the sign-in buttons need, null for a
//   provider this server has not set up (the SPA then says so instead of loading the provider's script).
import type { Context } from "hono";
import { Hono } from "hono";
import { readReferralCookie } from "../affiliate/referral";
import { attributeSignup } from "../db/affiliate";
import { issueSession } from "../http/issue-session";
import { requireAuth } from "../http/auth-middleware";
import { checkAccountPassword, guardRegistration, rememberDevice } from "../auth/rate-limit";
import {
  readLinkingToken,
  type SocialIdentity,
  signLinkingToken,
  verifyFacebookToken,
  verifyGoogleIdToken,
} from "../auth/social";
import {
  createSocialUser,
  getLinkedAccount,
  linkAccount,
  listLinkedAccounts,
  unlinkIfNotLast,
} from "../db/accounts-linked";
import { getUserByEmail, getUserById, normalizeEmail, publicUser } from "../db/users";
import type { AppEnv } from "../http/app-env";
import type { SessionUser } from "../db/users";
import { pickShard } from "../db/shards";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import {
  AccountLinkSchema,
  FacebookSignInSchema,
  GoogleSignInSchema,
  SignedInLinkSchema,
  UnlinkSchema,
} from "../protocol/account-requests";
import type { SocialConfig } from "../protocol/resources";

async function signedIn(c: Context<AppEnv>, user: SessionUser, userAgent: string | undefined, isNewUser: boolean) {
  const s = await issueSession(c, user, userAgent);
  await rememberDevice(c, user.id);
  const data = {
    user: publicUser(user),
    token: s.token,
    jwt_token: s.token,
    sessionToken: s.sessionToken,
    session_token: s.sessionToken,
    isNewUser,
  };
  return c.json({ status: "success" as const, data }, isNewUser ? 201 : 200);
}

async function socialSignIn(c: Context<AppEnv>, identity: SocialIdentity, userAgent: string | undefined) {
  const db = c.var.db;
  const linked = await getLinkedAccount({ db, provider: identity.provider, providerId: identity.providerId });
  if (linked) {
    const user = await getUserById({ db, id: linked.userId });
    if (user) return signedIn(c, user, userAgent, false);
  }
  if (!identity.email) {
    throw new AppError(
      "invalid_input",
      `${identity.provider === "google" ? "Google" : "Facebook"} did not share a verified email address`,
      {
        field: "email",
      },
    );
  }
  const email = identity.email;
  const existing = await getUserByEmail({ db, email });
  if (existing?.passwordHash) {
    const linkingToken = await signLinkingToken(c.env, { ...identity, email });
    return c.json(
      {
        status: "pending" as const,
        data: {
          requiresLinking: true,
          email,
          providerId: identity.providerId,
          provider: identity.provider,
          linkingToken,
        },
      },
      200,
    );
  }
  if (existing) {
    if (!(await linkAccount({ db, userId: existing.id, ...identity }))) {
      throw new AppError("already_linked", `This account already has another ${identity.provider} account linked`);
    }
    return signedIn(c, existing, userAgent, false);
  }
  await guardRegistration(c, db);
  let user: SessionUser;
  try {
    user = await createSocialUser({ db, shard: await pickShard(db, c.env), identity: { ...identity, email } });
  } catch (err) {
    // A parallel sign-in created it first: sign in as that account if this identity is now linked to it.
    if (!String(err).includes("UNIQUE")) throw err;
    const again = await getLinkedAccount({ db, provider: identity.provider, providerId: identity.providerId });
    const u = again ? await getUserById({ db, id: again.userId }) : undefined;
    if (!u) throw new AppError("conflict", "Sign-in raced with another one. Please try again.");
    return signedIn(c, u, userAgent, false);
  }
  // A signup through a referral link (first touch, 30-day cookie) is attributed to its referrer.
  await attributeSignup({ db, newUserId: user.id, affiliateCode: readReferralCookie(c) });
  return signedIn(c, user, userAgent, true);
}

/** Public ids only (never a secret); Facebook counts as set up only with its secret too, as POST /auth/facebook needs. */
export function socialConfig(
  env: Pick<Env, "GOOGLE_CLIENT_ID" | "FACEBOOK_APP_ID" | "FACEBOOK_APP_SECRET">,
): SocialConfig {
  return {
    google_client_id: env.GOOGLE_CLIENT_ID || null,
    facebook_app_id: env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET ? env.FACEBOOK_APP_ID : null,
  };
}

export const accountSocialRoutes = new Hono<AppEnv>()
  .get("/social-config", (c) => c.json({ status: "success" as const, data: socialConfig(c.env) }, 200))
  .post("/google", valid("json", GoogleSignInSchema), async (c) => {
    const body = c.req.valid("json");
    return socialSignIn(c, await verifyGoogleIdToken(c.env, body.token), body.user_agent);
  })
  .post("/facebook", valid("json", FacebookSignInSchema), async (c) => {
    const body = c.req.valid("json");
    return socialSignIn(c, await verifyFacebookToken(c.env, body.accessToken), body.user_agent);
  })
  .post("/link-account", valid("json", AccountLinkSchema), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const identity = await readLinkingToken(c.env, body.linkingToken);
    // What the client echoes must be what was verified; the token is the authority.
    if (
      (body.provider !== undefined && body.provider !== identity.provider) ||
      (body.providerId !== undefined && body.providerId !== identity.providerId) ||
      (body.email !== undefined && normalizeEmail(body.email) !== identity.email)
    ) {
      throw new AppError(
        "invalid_social_token",
        "The account link does not match the verified sign-in. Please sign in with the provider again.",
      );
    }
    const user = await getUserByEmail({ db, email: identity.email });
    const ok = await checkAccountPassword(c, { db, account: identity.email, user, password: body.password });
    if (!user || !ok) throw new AppError("invalid_credentials", "Invalid email or password");
    const holder = await getLinkedAccount({ db, provider: identity.provider, providerId: identity.providerId });
    if (holder && holder.userId !== user.id)
      throw new AppError("already_linked", "This account is already linked to another user");
    if (!holder && !(await linkAccount({ db, userId: user.id, ...identity }))) {
      throw new AppError("already_linked", `This account already has another ${identity.provider} account linked`);
    }
    return signedIn(c, user, body.user_agent, false);
  })
  .get("/linked-accounts", requireAuth, async (c) => {
    const rows = await listLinkedAccounts({ db: c.var.db, userId: c.var.user.id });
    const providers = rows.map((r) => ({
      provider: r.provider,
      providerId: r.providerId,
      email: r.email,
      linked_at: isoOrNull(r.createdAt),
    }));
    return c.json({ status: "success", data: { providers, has_password: c.var.user.passwordHash !== null } }, 200);
  })
  .post("/linked-accounts", requireAuth, valid("json", SignedInLinkSchema), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.db;
    const user = c.var.user;
    const credential = body.provider === "google" ? body.token : body.accessToken;
    if (!credential) {
      const field = body.provider === "google" ? "token" : "accessToken";
      throw new AppError("invalid_input", `${field === "token" ? "Token" : "Access token"} is required`, { field });
    }
    if (user.passwordHash) {
      const ok = body.password
        ? await checkAccountPassword(c, { db, account: user.email, user, password: body.password })
        : false;
      if (!ok) throw new AppError("incorrect_password", "The current password is incorrect", { field: "password" });
    }
    const identity =
      body.provider === "google"
        ? await verifyGoogleIdToken(c.env, credential)
        : await verifyFacebookToken(c.env, credential);
    const holder = await getLinkedAccount({ db, provider: identity.provider, providerId: identity.providerId });
    if (holder && holder.userId !== user.id)
      throw new AppError("already_linked", "This account is already linked to another user");
    if (!holder && !(await linkAccount({ db, userId: user.id, ...identity }))) {
      throw new AppError("already_linked", `This account already has another ${identity.provider} account linked`);
    }
    const rows = await listLinkedAccounts({ db, userId: user.id });
    const providers = rows.map((r) => ({
      provider: r.provider,
      providerId: r.providerId,
      email: r.email,
      linked_at: isoOrNull(r.createdAt),
    }));
    return c.json({ status: "success", data: { providers } }, 200);
  })
  .post("/unlink-account", requireAuth, valid("json", UnlinkSchema), async (c) => {
    const { provider } = c.req.valid("json");
    const outcome = await unlinkIfNotLast({ db: c.var.db, userId: c.var.user.id, provider });
    if (outcome === "missing") throw new AppError("not_found", `No ${provider} account is linked`);
    if (outcome === "last")
      throw new AppError("last_sign_in_method", "You cannot unlink your last way to sign in. Set a password first.");
    return c.json({ status: "success", data: { provider, unlinked: true } }, 200);
  });
