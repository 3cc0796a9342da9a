// The last step of rotating MODEL_KEYS_SECRET (README, "Rotating secrets"): every value still sealed under an older
// secret — users' own model keys and connected apps' tokens — is sealed again under the current one, so the previous
// secret can be dropped. Values are re-sealed as they are used anyway (model-keys.ts, accounts-apps.ts); this reaches
// the ones nobody uses. For the operator (the console's action, once it exists), never on a user's path.
//
// Only rows not already under the current key are read (their ciphertext does not start with its key id), a page at a
// time in primary-key order. Each is written over the very value read, so a key saved or a token refreshed meanwhile
// wins. A value that opens under no configured secret is counted and left as it is (the user saves it again). Running
// it again is harmless: a second run finds nothing to do. Each user whose model keys changed has their object told,
// as every writer of model keys does, so its copy is the new one before the previous secret goes.
import { and, asc, eq, gt, isNotNull, notLike, or } from "drizzle-orm";
import { userHub } from "../../durable-objects/user-hub-stub";
import { currentSealKeyId, openSealed, type SecretBoxEnv, unpackSealed } from "../crypto/secret-box";
import { appTokenBound, resealAppTokens } from "./accounts-apps";
import type { Db } from "./client";
import { modelKeyBound, resealModelKey } from "./model-keys";
import { connectedApps, userModelKeys } from "./schema";
import type { StateOwners } from "./state-owner";

/** Rows read per query: 100, well under D1's limits per statement and per batch. */
export const RESEAL_PAGE_ROWS = 100;

export interface ResealCount {
  /** Values sealed again under the current secret. */
  resealed: number;
  /** Values that open under no configured secret, left as they are. */
  unreadable: number;
}

export interface ResealReport {
  modelKeys: ResealCount;
  appTokens: ResealCount;
}

/** Seals every model key and connected-app token still under an older MODEL_KEYS_SECRET again under the current one. */
export async function resealAllModelKeys(
  env: Env,
  db: Db,
  owners: StateOwners = (userId) => userHub(env, userId),
): Promise<ResealReport> {
  const keyId = await currentSealKeyId(env);
  return {
    modelKeys: await resealModelKeys(env, db, keyId, owners),
    appTokens: await resealAppTokensAll(env, db, keyId),
  };
}

async function resealModelKeys(env: SecretBoxEnv, db: Db, keyId: string, owners: StateOwners) {
  const count: ResealCount = { resealed: 0, unreadable: 0 };
  let after: { userId: string; provider: string } | null = null;
  for (;;) {
    const page: { userId: string; provider: string; iv: string; ciphertext: string }[] = await db
      .select({
        userId: userModelKeys.userId,
        provider: userModelKeys.provider,
        iv: userModelKeys.iv,
        ciphertext: userModelKeys.ciphertext,
      })
      .from(userModelKeys)
      .where(
        and(
          notLike(userModelKeys.ciphertext, `${keyId}:%`),
          after
            ? or(
                gt(userModelKeys.userId, after.userId),
                and(eq(userModelKeys.userId, after.userId), gt(userModelKeys.provider, after.provider)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(userModelKeys.userId), asc(userModelKeys.provider))
      .limit(RESEAL_PAGE_ROWS);
    const changedUsers = new Set<string>();
    for (const row of page) {
      if (await resealModelKey({ db, env, userId: row.userId, key: row })) {
        count.resealed++;
        changedUsers.add(row.userId);
      } else if (!(await openSealed(env, row, modelKeyBound(row.userId, row.provider)))) {
        count.unreadable++;
      }
    }
    for (const userId of changedUsers) await (await owners(userId)).settingsChanged();
    if (page.length < RESEAL_PAGE_ROWS) return count;
    after = page[page.length - 1]!;
  }
}

async function resealAppTokensAll(env: SecretBoxEnv, db: Db, keyId: string) {
  const count: ResealCount = { resealed: 0, unreadable: 0 };
  const underCurrent = `%.${keyId}:%`;
  let after: { userId: string; app: string } | null = null;
  for (;;) {
    const page: { userId: string; app: string; accessToken: string; refreshToken: string | null }[] = await db
      .select({
        userId: connectedApps.userId,
        app: connectedApps.app,
        accessToken: connectedApps.accessToken,
        refreshToken: connectedApps.refreshToken,
      })
      .from(connectedApps)
      .where(
        and(
          or(
            notLike(connectedApps.accessToken, underCurrent),
            and(isNotNull(connectedApps.refreshToken), notLike(connectedApps.refreshToken, underCurrent)),
          ),
          after
            ? or(
                gt(connectedApps.userId, after.userId),
                and(eq(connectedApps.userId, after.userId), gt(connectedApps.app, after.app)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(connectedApps.userId), asc(connectedApps.app))
      .limit(RESEAL_PAGE_ROWS);
    for (const row of page) {
      const opened = await openTokens(env, row);
      if (!opened.access) count.unreadable++;
      else if (
        await resealAppTokens({
          db,
          env,
          row: { ...row, refreshToken: opened.refresh === null ? null : row.refreshToken },
          plain: { access: opened.access, refresh: opened.refresh },
        })
      )
        count.resealed++;
    }
    if (page.length < RESEAL_PAGE_ROWS) return count;
    after = page[page.length - 1]!;
  }
}

/** A connection's tokens opened (null: missing or no longer opening). */
async function openTokens(
  env: SecretBoxEnv,
  row: { userId: string; app: string; accessToken: string; refreshToken: string | null },
) {
  const a = unpackSealed(row.accessToken);
  const r = row.refreshToken ? unpackSealed(row.refreshToken) : null;
  const [access, refresh] = await Promise.all([
    a ? openSealed(env, a, appTokenBound(row.userId, row.app, "access")) : null,
    r ? openSealed(env, r, appTokenBound(row.userId, row.app, "refresh")) : null,
  ]);
  return { access: access?.plaintext ?? null, refresh: refresh?.plaintext ?? null };
}
