// Linked sign-in identities (Google, Facebook) per user: the identity's key is (provider, provider id), and a user
// holds at most one identity per provider.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { SocialProvider } from "../protocol/settings";
import { linkedAccounts, users } from "./schema";
import { placeUserStatements } from "./shards";

export async function getLinkedAccount({
  db,
  provider,
  providerId,
}: {
  db: Db;
  provider: SocialProvider;
  providerId: string;
}) {
  return db.query.linkedAccounts.findFirst({
    where: and(eq(linkedAccounts.provider, provider), eq(linkedAccounts.providerId, providerId)),
  });
}

export async function listLinkedAccounts({ db, userId }: { db: Db; userId: string }) {
  return db
    .select()
    .from(linkedAccounts)
    .where(eq(linkedAccounts.userId, userId))
    .orderBy(asc(linkedAccounts.createdAt));
}

/** Links the identity to the user; false when it (or this provider for this user) is linked already. */
export async function linkAccount({
  db,
  userId,
  provider,
  providerId,
  email,
}: {
  db: Db;
  userId: string;
  provider: SocialProvider;
  providerId: string;
  email: string | null;
}) {
  const rows = await db
    .insert(linkedAccounts)
    .values({ userId, provider, providerId, email })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Creates a user without a password, and their first linked identity, in one batch. Returns the user row. */
export async function createSocialUser({
  db,
  shard,
  identity,
}: {
  db: Db;
  /** The chat shard the new user is placed on (shards.ts pickShard). */
  shard: string;
  identity: {
    provider: SocialProvider;
    providerId: string;
    email: string;
    name: string | null;
    picture: string | null;
  };
}) {
  const id = crypto.randomUUID();
  const [[user]] = await db.batch([
    db
      .insert(users)
      .values({
        id,
        name: identity.name?.trim().slice(0, 100) || identity.email.split("@")[0]!,
        email: identity.email,
        avatar: identity.picture,
      })
      .returning(),
    db
      .insert(linkedAccounts)
      .values({ userId: id, provider: identity.provider, providerId: identity.providerId, email: identity.email }),
    ...placeUserStatements({ db, userId: id, shard }),
  ]);
  return user!;
}

/**
 * Unlinks only if the user keeps another way in (a password or another identity), decided in the same statement so
 * two parallel unlinks cannot remove both identities. Returns "unlinked", "missing" or "last".
 */
export async function unlinkIfNotLast({ db, userId, provider }: { db: Db; userId: string; provider: SocialProvider }) {
  const rows = await db.all<{ provider: string }>(sql`
    DELETE FROM linked_accounts
    WHERE user_id = ${userId} AND provider = ${provider}
      AND (
        (SELECT password_hash FROM users WHERE id = ${userId}) IS NOT NULL
        OR (SELECT count(*) FROM linked_accounts WHERE user_id = ${userId}) > 1
      )
    RETURNING provider`);
  if (rows.length > 0) return "unlinked" as const;
  const exists = await db.query.linkedAccounts.findFirst({
    where: and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.provider, provider)),
  });
  return exists ? ("last" as const) : ("missing" as const);
}
