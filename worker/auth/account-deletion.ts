// Deleting an account for real (Vietnam's decree 13/2023 gives the user that right): every row of the user in the main
// database and in their chat shard, every object of theirs in R2 (pictures, attached files, avatar, shared links'
// snapshots). Payment records stay, as accounting law requires, but detached from the person: their orders, paid
// periods, subscription history and affiliate commissions move to one shared placeholder account that holds no personal
// data (DELETED_ACCOUNT_ID). The user's Durable Object is cleared by the caller (UserHub.deleteAccount).
// Order: objects and chats first, the account row last, so a deletion cut short leaves an account the user can still
// sign in to and delete again.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  affiliateCommissions,
  chatSessions,
  chatShards,
  images,
  messages,
  paymentOrders,
  premiumPeriods,
  rateLimits,
  sharedLinks,
  subscriptions,
  users,
  userShards,
} from "../db/schema";
import { snapshotKeyOf } from "../shares/snapshot";

/** The placeholder owner of deleted accounts' payment records: no name, no e-mail of a person, no way to sign in. */
export const DELETED_ACCOUNT_ID = "deleted-account";

/** Keys one R2 delete call takes at most. */
const R2_DELETE_MAX = 1_000;

/** Deletes every object under `prefix`. */
async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const listed = await bucket.list({ prefix, limit: R2_DELETE_MAX });
    if (listed.objects.length === 0) return removed;
    await bucket.delete(listed.objects.map((o) => o.key));
    removed += listed.objects.length;
  }
}

export async function deleteAccountData({
  main,
  chats,
  bucket,
  userId,
  email,
}: {
  main: Db;
  /** The user's chat shard (the main database itself for a user placed there). */
  chats: Db;
  bucket: R2Bucket;
  userId: string;
  /** The account's address: the sign-in counters name it (rate-limit.ts). */
  email: string;
}): Promise<void> {
  const shares = await main.select({ id: sharedLinks.id }).from(sharedLinks).where(eq(sharedLinks.userId, userId));
  await Promise.all([
    deletePrefix(bucket, `images/${userId}/`),
    deletePrefix(bucket, `uploads/${userId}/`),
    deletePrefix(bucket, `avatars/${userId}/`),
    shares.length ? bucket.delete(shares.map((s) => snapshotKeyOf(s.id))) : undefined,
  ]);
  // the shard has no users table to cascade from: its rows go by user (messages first, their chats' rows last)
  await chats.batch([
    chats.delete(messages).where(eq(messages.userId, userId)),
    chats.delete(images).where(eq(images.userId, userId)),
    chats.delete(chatSessions).where(eq(chatSessions.userId, userId)),
  ]);
  const [shard] = await main.select({ shard: userShards.shard }).from(userShards).where(eq(userShards.userId, userId));
  await main.batch([
    main
      .insert(users)
      .values({ id: DELETED_ACCOUNT_ID, name: "", email: `${DELETED_ACCOUNT_ID}@invalid` })
      .onConflictDoNothing(),
    main.update(paymentOrders).set({ userId: DELETED_ACCOUNT_ID }).where(eq(paymentOrders.userId, userId)),
    main.update(subscriptions).set({ userId: DELETED_ACCOUNT_ID }).where(eq(subscriptions.userId, userId)),
    main.update(premiumPeriods).set({ userId: DELETED_ACCOUNT_ID }).where(eq(premiumPeriods.userId, userId)),
    main
      .update(affiliateCommissions)
      .set({ referredUserId: DELETED_ACCOUNT_ID })
      .where(eq(affiliateCommissions.referredUserId, userId)),
    main
      .update(affiliateCommissions)
      .set({ referrerId: DELETED_ACCOUNT_ID })
      .where(eq(affiliateCommissions.referrerId, userId)),
    // the shard holds one user fewer (new users go to the least full)
    main
      .update(chatShards)
      .set({ users: sql`max(${chatShards.users} - 1, 0)` })
      .where(eq(chatShards.name, shard?.shard ?? "")),
    // the counters that name the user or their address (failed sign-ins, orders per hour, key checks)
    main
      .delete(rateLimits)
      .where(sql`instr(${rateLimits.key}, ${userId}) > 0 OR instr(${rateLimits.key}, ${email}) > 0`),
    // everything else of the user's in the main database goes with the row (every table's user_id cascades)
    main.delete(users).where(eq(users.id, userId)),
  ]);
}
