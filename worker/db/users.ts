// User queries and the user's public shape (never the password fields).
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import type { StateOwner } from "./state-owner";
import { isoOrNull } from "../lib/time";
import { planOf } from "../plans/entitlements";
import type { PublicUser } from "../protocol/resources";
import { users } from "./schema";

/** A user row: what the user's object serves to every authenticated call. */
export type SessionUser = typeof users.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getUserByEmail({ db, email }: { db: Db; email: string }) {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function getUserById({ db, id }: { db: Db; id: string }) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export type ProfilePatch = Partial<
  Pick<SessionUser, "name" | "phoneNumber" | "birthday" | "gender" | "avatar" | "language">
>;

/** Changes the user's profile; the user's object serves the changed row to every later call. */
export async function updateProfile({
  db,
  owner,
  userId,
  patch,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  patch: ProfilePatch;
}) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: Date.now() })
    .where(eq(users.id, userId))
    .returning();
  if (row) await owner.userChanged();
  return row;
}

export function publicUser(u: SessionUser): PublicUser {
  const plan = planOf(u);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    is_premium: u.isPremium,
    premium_start: isoOrNull(u.premiumStart),
    premium_end: isoOrNull(u.premiumEnd),
    premium_active: plan !== "free",
    plan,
    affiliate_code: u.affiliateCode,
    avatar: u.avatar,
    phone_number: u.phoneNumber,
    birthday: u.birthday,
    gender: u.gender,
    referral_code: u.referralCode,
    language: u.language,
    created_at: isoOrNull(u.createdAt),
  };
}
