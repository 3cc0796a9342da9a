// Bring-your-own model keys: stored AES-GCM encrypted (bound to "<userId>|<provider>"), listed by their last four
// characters only, and decrypted only by getUserModelKey for the chat pipeline.
import { and, asc, eq } from "drizzle-orm";
import { open, seal } from "../crypto/secret-box";
import type { Db } from "./client";
import type { ExternalModelProvider } from "../protocol/settings";
import { userModelKeys } from "./schema";
import type { StateOwner } from "./state-owner";

const boundTo = (userId: string, provider: string) => `model-key|${userId}|${provider}`;

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
  env: { MODEL_KEYS_SECRET?: string };
  userId: string;
  provider: ExternalModelProvider;
  apiKey: string;
}) {
  const sealed = await seal(env, apiKey, boundTo(userId, provider));
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
export function openModelKey(
  env: { MODEL_KEYS_SECRET?: string },
  userId: string,
  key: SealedModelKey,
): Promise<string | null> {
  return open(env, { iv: key.iv, ciphertext: key.ciphertext }, boundTo(userId, key.provider));
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
  env: { MODEL_KEYS_SECRET?: string };
  userId: string;
  provider: ExternalModelProvider;
}): Promise<string | null> {
  const row = await db.query.userModelKeys.findFirst({
    where: and(eq(userModelKeys.userId, userId), eq(userModelKeys.provider, provider)),
  });
  if (!row) return null;
  return open(env, { iv: row.iv, ciphertext: row.ciphertext }, boundTo(userId, provider));
}
