// Affiliate programme queries: joining (an affiliate code on the user), referral-link clicks, signup attribution
// (first touch, never to oneself), the dashboard's figures and FAQ view counts. Commissions are written by the
// payment batch (worker/db/payments.ts), not here.
import { and, desc, eq, sql } from "drizzle-orm";
import { normalizeAffiliateCode } from "../affiliate/referral";
import type { Db } from "./client";
import type { StateOwner } from "./state-owner";
import { affiliateClicks, affiliateCommissions, affiliateFaqViews, affiliateReferrals, users } from "./schema";

/** Draws of a fresh affiliate code when one collides with an existing one (40 random bits each). */
const CODE_ATTEMPTS = 5;

function isUniqueViolation(err: unknown): boolean {
  const text =
    err instanceof Error ? `${err.message} ${err.cause instanceof Error ? err.cause.message : ""}` : String(err);
  return /UNIQUE constraint failed/i.test(text);
}

/**
 * Gives the user an affiliate code unless they already have one (joining twice keeps the first code, and tells the
 * user's object nothing). Returns the user row with the code.
 */
export async function joinAffiliate({
  db,
  owner,
  userId,
  newCode,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  newCode: () => string;
}) {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    try {
      const [row] = await db
        .update(users)
        .set({ affiliateCode: newCode(), updatedAt: Date.now() })
        .where(and(eq(users.id, userId), sql`${users.affiliateCode} IS NULL`))
        .returning();
      if (row) {
        await owner.userChanged();
        return row;
      }
      const existing = await db.query.users.findFirst({ where: eq(users.id, userId) });
      if (!existing) return undefined;
      if (existing.affiliateCode) return existing;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("could not draw a unique affiliate code");
}

/** The user who owns an affiliate code, or undefined. */
export async function findAffiliate({ db, code }: { db: Db; code: string }) {
  const normalized = normalizeAffiliateCode(code);
  if (!normalized) return undefined;
  return db.query.users.findFirst({
    where: eq(users.affiliateCode, normalized),
    columns: { id: true, affiliateCode: true },
  });
}

export async function recordClick({ db, referrerId, now }: { db: Db; referrerId: string; now: number }) {
  await db.insert(affiliateClicks).values({ referrerId, createdAt: now });
}

/**
 * Attributes a new signup to the affiliate whose code referred it (register calls this with the code from
 * readReferralCookie). First touch wins: a user already attributed keeps their referrer. A user never refers
 * themselves. Returns the referrer's id when this call attributed the user, else null.
 */
export async function attributeSignup({
  db,
  newUserId,
  affiliateCode,
}: {
  db: Db;
  newUserId: string;
  affiliateCode: string | null | undefined;
}): Promise<string | null> {
  if (!affiliateCode) return null;
  const referrer = await findAffiliate({ db, code: affiliateCode });
  if (!referrer || referrer.id === newUserId) return null;
  const rows = await db
    .insert(affiliateReferrals)
    .values({ referredUserId: newUserId, referrerId: referrer.id, createdAt: Date.now() })
    .onConflictDoNothing({ target: affiliateReferrals.referredUserId })
    .returning({ referrerId: affiliateReferrals.referrerId });
  return rows[0]?.referrerId ?? null;
}

/** The dashboard's figures for one affiliate; every query has the affiliate in its WHERE. */
export async function affiliateStats({ db, userId, recentLimit }: { db: Db; userId: string; recentLimit: number }) {
  const [clicks, signups, commissions, recent] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(affiliateClicks).where(eq(affiliateClicks.referrerId, userId)),
    db.select({ n: sql<number>`count(*)` }).from(affiliateReferrals).where(eq(affiliateReferrals.referrerId, userId)),
    db
      .select({
        paidReferrals: sql<number>`count(DISTINCT ${affiliateCommissions.referredUserId})`,
        paidOrders: sql<number>`count(*)`,
        earnings: sql<number>`coalesce(sum(${affiliateCommissions.commission}), 0)`,
        pending: sql<number>`coalesce(sum(CASE WHEN ${affiliateCommissions.status} IN ('pending', 'approved') THEN ${affiliateCommissions.commission} ELSE 0 END), 0)`,
      })
      .from(affiliateCommissions)
      .where(and(eq(affiliateCommissions.referrerId, userId), sql`${affiliateCommissions.status} != 'cancelled'`)),
    db
      .select({
        orderAmount: affiliateCommissions.orderAmount,
        commission: affiliateCommissions.commission,
        rateBps: affiliateCommissions.rateBps,
        status: affiliateCommissions.status,
        createdAt: affiliateCommissions.createdAt,
      })
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.referrerId, userId))
      .orderBy(desc(affiliateCommissions.createdAt))
      .limit(recentLimit),
  ]);
  return {
    clicks: Number(clicks[0]?.n ?? 0),
    signups: Number(signups[0]?.n ?? 0),
    paidReferrals: Number(commissions[0]?.paidReferrals ?? 0),
    paidOrders: Number(commissions[0]?.paidOrders ?? 0),
    earnings: Number(commissions[0]?.earnings ?? 0),
    pendingEarnings: Number(commissions[0]?.pending ?? 0),
    recent,
  };
}

export async function recordFaqView({ db, questionId }: { db: Db; questionId: string }) {
  await db
    .insert(affiliateFaqViews)
    .values({ questionId, views: 1 })
    .onConflictDoUpdate({ target: affiliateFaqViews.questionId, set: { views: sql`${affiliateFaqViews.views} + 1` } });
}

export async function faqViewCounts({ db }: { db: Db }): Promise<Map<string, number>> {
  const rows = await db.select().from(affiliateFaqViews);
  return new Map(rows.map((r) => [r.questionId, r.views]));
}
