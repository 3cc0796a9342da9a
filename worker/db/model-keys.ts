// Bring-your-own model keys: stored AES-GCM encrypted (bound to "<userId>|<provider>"), listed by their last four
// characters only, and decrypted only by getUserModelKey for the chat pipeline. A key sealed under a previous
// MODEL_KEYS_SECRET is sealed again under the current one when it is used (resealModelKey), or by resealAllModelKeys
// (reseal-secrets.ts).
import { and, asc, eq } from "drizzle-orm";
import { openSealed, renewSealed, type SecretBoxEnv, seal } from "../crypto/secret-box";
import type { Db } from "./client";
import type { ExternalModelProvider } from "../protocol/settings";
import { userModelKeys } from "./schema";
import type { StateOwner } from "./state-owner";

/** Where a sealed model key belongs: its additional data (secret-box.ts), so it opens in no other row. */
export const modelKeyBound = (userId: string, provider: string) => `model-key|${userId}|${provider}`;

export async function listModelKeys({ db, userId }: { db: Db; userId: string }) {
  return db
    .select({ provider: userModelKeys.provider, last4: userModelKeys.last4, createdAt: userModelKeys.createdAt })
    .from(userModelKeys)
    .where(eq(userModelKeys.userId, userId))
    .orderBy(asc(userModelKeys.createdAt));
}

/** Stores the key sealed; the user's object takes it at once, so the model answers with it from the next turn. */
export async function saveModelKey({
  db,
  owner,
  env,
  userId,
  provider,
  apiKey,
}: {
  db: Db;
  owner: StateOwner;
  env: SecretBoxEnv;
  userId: string;
  provider: ExternalModelProvider;
  apiKey: string;
}) {
  const sealed = await seal(env, apiKey, modelKeyBound(userId, provider));
  const last4 = apiKey.slice(-4);
  const now = Date.now();
  await db
    .insert(userModelKeys)
    .values({ userId, provider, ciphertext: sealed.ciphertext, iv: sealed.iv, last4, createdAt: now })
    .onConflictDoUpdate({
      target: [userModelKeys.userId, userModelKeys.provider],
      set: { ciphertext: sealed.ciphertext, iv: sealed.iv, last4, createdAt: now },
    });
  await owner.settingsChanged();
  return { provider, last4, createdAt: now };
}

export async function deleteModelKey({
  db,
  owner,
  userId,
  provider,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  provider: ExternalModelProvider;
}) {
  const rows = await db
    .delete(userModelKeys)
    .where(and(eq(userModelKeys.userId, userId), eq(userModelKeys.provider, provider)))
    .returning({ provider: userModelKeys.provider });
  if (rows.length === 0) return false;
  await owner.settingsChanged();
  return true;
}

/** A stored key as the user's Durable Object keeps it for turns: still sealed. */
export interface SealedModelKey {
  provider: string;
  iv: string;
  ciphertext: string;
}

/** Every sealed key of the user, for the Durable Object (it opens one only for the turn that uses it). */
export function sealedModelKeysQuery(db: Db, userId: string) {
  return db
    .select({ provider: userModelKeys.provider, iv: userModelKeys.iv, ciphertext: userModelKeys.ciphertext })
    .from(userModelKeys)
    .where(eq(userModelKeys.userId, userId));
}

/** Opens a sealed key of the user, or null when it no longer opens (the secret changed). */
export async function openModelKey(env: SecretBoxEnv, userId: string, key: SealedModelKey): Promise<string | null> {
  return (await openSealed(env, key, modelKeyBound(userId, key.provider)))?.plaintext ?? null;
}

/**
 * After a use: the key sealed again under the current MODEL_KEYS_SECRET when it was sealed under an older one. Written
 * only over the very value that was used (a key saved meanwhile wins). True when it wrote: the user's object then
 * reloads its copy (its owner's settingsChanged, or the object itself).
 */
export async function resealModelKey({
  db,
  env,
  userId,
  key,
}: {
  db: Db;
  env: SecretBoxEnv;
  userId: string;
  key: SealedModelKey;
}): Promise<boolean> {
  const renewed = await renewSealed(env, key, modelKeyBound(userId, key.provider));
  if (!renewed) return false;
  const rows = await db
    .update(userModelKeys)
    .set({ iv: renewed.iv, ciphertext: renewed.ciphertext })
    .where(
      and(
        eq(userModelKeys.userId, userId),
        eq(userModelKeys.provider, key.provider),
        eq(userModelKeys.iv, key.iv),
        eq(userModelKeys.ciphertext, key.ciphertext),
      ),
    )
    .returning({ provider: userModelKeys.provider });
  return rows.length > 0;
}

/**
 * resealModelKey off the caller's path, for the turn that just opened the key: `reload` runs when it wrote (the user's
 * object takes the new value); a failure is logged and left for the next use.
 */
export function resealModelKeyLater(args: Parameters<typeof resealModelKey>[0] & { reload: () => Promise<unknown> }) {
  const { reload, ...rest } = args;
  void resealModelKey(rest)
    .then((wrote) => (wrote ? reload() : undefined))
    .catch((err: unknown) =>
      console.error(
        JSON.stringify({ event: "model_key_reseal_failed", provider: args.key.provider, error: String(err) }),
      ),
    );
}

/**
 * The user's own API key for `provider`, decrypted, or null when none is stored (or it no longer decrypts). For the
 * chat pipeline: call it only for a premium user, and send the key only to providerBaseURL() of that provider.
 */
export async function getUserModelKey({
  db,
  env,
  userId,
  provider,
}: {
  db: Db;
  env: SecretBoxEnv;
  userId: string;
  provider: ExternalModelProvider;
}): Promise<string | null> {
  const row = await db.query.userModelKeys.findFirst({
    where: and(eq(userModelKeys.userId, userId), eq(userModelKeys.provider, provider)),
  });
  if (!row) return null;
  return openModelKey(env, userId, row);
}
