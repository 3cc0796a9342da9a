// Connected apps' OAuth tokens (sealed with AES-GCM, bound to "<userId>|<app>|<kind>") and the single-use PKCE
// state of a connection in progress. Tokens sealed under a previous MODEL_KEYS_SECRET are sealed again under the
// current one when they are read for use (or by resealAllModelKeys, reseal-secrets.ts).
import { and, asc, eq, gt, lt } from "drizzle-orm";
import { openSealed, packSealed, type SecretBoxEnv, seal, unpackSealed } from "../crypto/secret-box";
import type { Db } from "./client";
import type { ConnectedAppId } from "../protocol/settings";
import { connectedApps, oauthStates } from "./schema";

/** A connection must come back from the provider within 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

type SecretEnv = SecretBoxEnv;
/** Where a sealed token belongs: its additional data (secret-box.ts), so it opens in no other row. */
export const appTokenBound = (userId: string, app: string, kind: "access" | "refresh") =>
  `connected-app|${userId}|${app}|${kind}`;

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
  const access = packSealed(await seal(env, accessToken, appTokenBound(userId, app, "access")));
  const refresh = refreshToken
    ? packSealed(await seal(env, refreshToken, appTokenBound(userId, app, "refresh")))
    : null;
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
  const access = a ? await openSealed(env, a, appTokenBound(userId, app, "access")) : null;
  if (!access) return null;
  const r = row.refreshToken ? unpackSealed(row.refreshToken) : null;
  const refresh = r ? await openSealed(env, r, appTokenBound(userId, app, "refresh")) : null;
  if (access.stale || refresh?.stale) {
    await resealAppTokens({
      db,
      env,
      row: { userId, app, accessToken: row.accessToken, refreshToken: refresh ? row.refreshToken : null },
      plain: { access: access.plaintext, refresh: refresh?.plaintext ?? null },
    });
  }
  return {
    accessToken: access.plaintext,
    refreshToken: refresh?.plaintext ?? null,
    expiresAt: row.expiresAt,
    scope: row.scope,
  };
}

/**
 * Seals a connection's tokens again under the current secret, over the very values that were read (tokens refreshed
 * meanwhile win). `row.refreshToken` null: the refresh token is left as it is (none, or one that no longer opens).
 * True when it wrote.
 */
export async function resealAppTokens({
  db,
  env,
  row,
  plain,
}: {
  db: Db;
  env: SecretEnv;
  row: { userId: string; app: string; accessToken: string; refreshToken: string | null };
  plain: { access: string; refresh: string | null };
}): Promise<boolean> {
  const { userId, app } = row;
  const accessToken = packSealed(await seal(env, plain.access, appTokenBound(userId, app, "access")));
  const refreshToken =
    row.refreshToken !== null && plain.refresh !== null
      ? packSealed(await seal(env, plain.refresh, appTokenBound(userId, app, "refresh")))
      : undefined;
  const rows = await db
    .update(connectedApps)
    .set(refreshToken === undefined ? { accessToken } : { accessToken, refreshToken })
    .where(
      and(
        eq(connectedApps.userId, userId),
        eq(connectedApps.app, app),
        eq(connectedApps.accessToken, row.accessToken),
        row.refreshToken === null ? undefined : eq(connectedApps.refreshToken, row.refreshToken),
      ),
    )
    .returning({ app: connectedApps.app });
  return rows.length > 0;
}

export async function deleteConnectedApp({ db, userId, app }: { db: Db; userId: string; app: ConnectedAppId }) {
  const rows = await db
    .delete(connectedApps)
    .where(and(eq(connectedApps.userId, userId), eq(connectedApps.app, app)))
    .returning({ app: connectedApps.app });
  return rows.length > 0;
}
