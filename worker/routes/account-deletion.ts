// POST /auth/delete-account: the signed-in user deletes their account for real (worker/auth/account-deletion.ts),
// after proving it is them once more: their password, or for an account without one a fresh Google or Facebook token
// of an identity linked to it. Every open tab and device is signed out at once (the socket says why), the user's
// Durable Object forgets them, and this answer clears the credential cookies.
import { Hono } from "hono";
import { deleteAccountData } from "../auth/account-deletion";
import { clearCredentialCookies } from "../auth/cookies";
import { checkAccountPassword } from "../auth/rate-limit";
import { verifyFacebookToken, verifyGoogleIdToken } from "../auth/social";
import { getLinkedAccount } from "../db/accounts-linked";
import { AppError } from "../errors";
import { requireAuth } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";
import { valid } from "../lib/validate";
import { AccountDeletionSchema } from "../protocol/account-requests";

export const accountDeletionRoutes = new Hono<AppEnv>().post(
  "/delete-account",
  requireAuth,
  valid("json", AccountDeletionSchema),
  async (c) => {
    const body = c.req.valid("json");
    const user = c.var.user;
    const db = c.var.db;
    if (user.passwordHash) {
      const ok = body.password
        ? await checkAccountPassword(c, { db, account: user.email, user, password: body.password })
        : false;
      if (!ok) throw new AppError("incorrect_password", "The current password is incorrect", { field: "password" });
    } else {
      const credential = body.provider === "google" ? body.token : body.accessToken;
      if (!body.provider || !credential) {
        throw new AppError("invalid_input", "Sign in with Google or Facebook again to delete this account", {
          field: "provider",
        });
      }
      const identity =
        body.provider === "google"
          ? await verifyGoogleIdToken(c.env, credential)
          : await verifyFacebookToken(c.env, credential);
      const linked = await getLinkedAccount({ db, provider: identity.provider, providerId: identity.providerId });
      if (linked?.userId !== user.id) {
        throw new AppError("invalid_social_token", "This sign-in is not one of this account's");
      }
    }
    // signed out everywhere first: nothing can be written for the user while their data goes
    await c.var.hub.endOtherSessions(null, "account_deleted");
    await deleteAccountData({ main: db, chats: c.var.chats, bucket: c.env.IMAGES, userId: user.id, email: user.email });
    await c.var.hub.deleteAccount();
    clearCredentialCookies(c);
    return c.json({ status: "success", data: { deleted: true } }, 200);
  },
);
