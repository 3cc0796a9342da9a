// Connected apps' OAuth tokens (sealed with AES-GCM, bound to "<userId>|<app>|<kind>") and the single-use PKCE
// state of a connection in progress.
import { and, asc, eq, gt, lt } from "drizzle-orm";
import { open, packSealed, seal, unpackSealed } from "../crypto/secret-box";
import type { Db } from "./client";
import type { ConnectedAppId } from "../protocol/settings";
import { connectedApps, oauthStates } from "./schema";

/** A connection must come back from the provider within 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

type SecretEnv = { MODEL_KEYS_SECRET?: string };
const bound = (userId: string, app: string, kind: "access" | "refresh") => `connected-app|${userId}|${app}|${kind}`;

export async function saveOAuthState({
  db,
  state,
  userId,
  app,
  codeVerifier,
}: {
  db: Db;
  state: string;
  userId: string;
  app: ConnectedAppId;
  codeVerifier: string;
}) {
  const now = Date.now();
  await db.batch([
    // Old, abandoned attempts of anyone are swept as new ones start.
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    db.insert(oauthStates).values({ state, userId, app, codeVerifier, expiresAt: now + OAUTH_STATE_TTL_MS }),
  ]);
}

/** Takes the state (single use): its row if it exists, is unexpired and belongs to `userId`; else null. */
export async function takeOAuthState({ db, state, userId }: { db: Db; state: string; userId: string }) {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId), gt(oauthStates.expiresAt, Date.now())))
    .returning();
  return row ?? null;
}

export async function saveAppTokens({
  db,
  env,
  userId,
  app,
  accessToken,
  refreshToken,
  expiresAt,
  scope,
}: {
  db: Db;
  env: SecretEnv;
  userId: string;
  app: ConnectedAppId;
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
  scope: string | null;
}) {
  const access = packSealed(await seal(env, accessToken, bound(userId, app, "access")));
  const refresh = refreshToken ? packSealed(await seal(env, refreshToken, bound(userId, app, "refresh"))) : null;
  const values = { accessToken: access, refreshToken: refresh, expiresAt, scope };
  await db
    .insert(connectedApps)
    .values({ userId, app, ...values })
    .onConflictDoUpdate({
      target: [connectedApps.userId, connectedApps.app],
      set: refresh ? values : { accessToken: access, expiresAt, scope },
    });
}

export async function listConnectedApps({ db, userId }: { db: Db; userId: string }) {
  return db
    .select({ app: connectedApps.app, scope: connectedApps.scope, createdAt: connectedApps.createdAt })
    .from(connectedApps)
    .where(eq(connectedApps.userId, userId))
    .orderBy(asc(connectedApps.createdAt));
}

/** The decrypted tokens of the user's app, or null when not connected (or they no longer decrypt). */
export async function readAppTokens({
  db,
  env,
  userId,
  app,
}: {
  db: Db;
  env: SecretEnv;
  userId: string;
  app: ConnectedAppId;
}) {
  const row = await db.query.connectedApps.findFirst({
    where: and(eq(connectedApps.userId, userId), eq(connectedApps.app, app)),
  });
  if (!row) return null;
  const a = unpackSealed(row.accessToken);
  const accessToken = a ? await open(env, a, bound(userId, app, "access")) : null;
  if (!accessToken) return null;
  const r = row.refreshToken ? unpackSealed(row.refreshToken) : null;
  const refreshToken = r ? await open(env, r, bound(userId, app, "refresh")) : null;
  return { accessToken, refreshToken, expiresAt: row.expiresAt, scope: row.scope };
}

export async function deleteConnectedApp({ db, userId, app }: { db: Db; userId: string; app: ConnectedAppId }) {
  const rows = await db
    .delete(connectedApps)
    .where(and(eq(connectedApps.userId, userId), eq(connectedApps.app, app)))
    .returning({ app: connectedApps.app });
  return rows.length > 0;
}
