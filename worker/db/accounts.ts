// Account credential queries: password updates, pending email changes and password resets. Every write that
// enforces a rule (resend after 60 s, 5 tries) does so in its own statement, so parallel requests cannot race it.
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { StateOwner } from "./state-owner";
import { emailVerifications, passwordResets, users } from "./schema";

/** A code or reset can be sent again 60 s after the last one. */
export const RESEND_AFTER_MS = 60_000;
/** Wrong codes allowed per code: 5. */
export const MAX_CODE_ATTEMPTS = 5;

/** Sets the user's password; the user's object keeps the row it checks the next password change against. */
export async function setPassword({
  db,
  owner,
  userId,
  pw,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  pw: { hash: string; salt: string; iterations: number };
}) {
  const now = Date.now();
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: pw.hash, passwordSalt: pw.salt, passwordIterations: pw.iterations, updatedAt: now })
      .where(eq(users.id, userId)),
    // A password set by any route makes an outstanding reset link useless.
    db.delete(passwordResets).where(eq(passwordResets.userId, userId)),
  ]);
  await owner.userChanged();
}

// ---- email change -------------------------------------------------------------------------------------------------

export async function getEmailChange({ db, userId }: { db: Db; userId: string }) {
  return db.query.emailVerifications.findFirst({ where: eq(emailVerifications.userId, userId) });
}

/**
 * Starts (or restarts) the user's email change with a new code, unless the last code went out less than 60 s ago:
 * then nothing changes and null is returned.
 */
export async function startEmailChange({
  db,
  userId,
  newEmail,
  codeHash,
  expiresAt,
}: {
  db: Db;
  userId: string;
  newEmail: string;
  codeHash: string;
  expiresAt: number;
}) {
  const now = Date.now();
  const [row] = await db
    .insert(emailVerifications)
    .values({ userId, newEmail, codeHash, attempts: 0, expiresAt, sentAt: now })
    .onConflictDoUpdate({
      target: emailVerifications.userId,
      set: { newEmail, codeHash, attempts: 0, expiresAt, sentAt: now },
      setWhere: lte(emailVerifications.sentAt, now - RESEND_AFTER_MS),
    })
    .returning();
  return row ?? null;
}

/** Uses one of the pending code's tries: the row while it is unexpired and has tries left, else null. */
export async function takeEmailCodeAttempt({ db, userId }: { db: Db; userId: string }) {
  const [row] = await db
    .update(emailVerifications)
    .set({ attempts: sql`${emailVerifications.attempts} + 1` })
    .where(
      and(
        eq(emailVerifications.userId, userId),
        lt(emailVerifications.attempts, MAX_CODE_ATTEMPTS),
        gt(emailVerifications.expiresAt, Date.now()),
      ),
    )
    .returning();
  return row ?? null;
}

export async function cancelEmailChange({ db, userId }: { db: Db; userId: string }) {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}

/**
 * Makes `newEmail` the user's email and ends the pending change, in one batch. Throws the D1 unique-constraint
 * error if another account took that email in the meantime (the caller answers 409).
 */
export async function applyEmailChange({
  db,
  owner,
  userId,
  newEmail,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  newEmail: string;
}) {
  await db.batch([
    db.update(users).set({ email: newEmail, updatedAt: Date.now() }).where(eq(users.id, userId)),
    db.delete(emailVerifications).where(eq(emailVerifications.userId, userId)),
  ]);
  await owner.userChanged();
}

// ---- password reset -----------------------------------------------------------------------------------------------

/** Starts a reset (new code and link token) unless one went out less than 60 s ago; null then. */
export async function startPasswordReset({
  db,
  userId,
  tokenHash,
  codeHash,
  expiresAt,
}: {
  db: Db;
  userId: string;
  tokenHash: string;
  codeHash: string;
  expiresAt: number;
}) {
  const now = Date.now();
  const [row] = await db
    .insert(passwordResets)
    .values({ userId, tokenHash, codeHash, attempts: 0, expiresAt, sentAt: now })
    .onConflictDoUpdate({
      target: passwordResets.userId,
      set: { tokenHash, codeHash, attempts: 0, expiresAt, sentAt: now },
      setWhere: lte(passwordResets.sentAt, now - RESEND_AFTER_MS),
    })
    .returning();
  return row ?? null;
}

export async function getPasswordResetByToken({ db, tokenHash }: { db: Db; tokenHash: string }) {
  return db.query.passwordResets.findFirst({
    where: and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, Date.now())),
  });
}

/** Uses one try of the user's reset code: the row while unexpired with tries left, else null. */
export async function takeResetCodeAttempt({ db, userId }: { db: Db; userId: string }) {
  const [row] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        lt(passwordResets.attempts, MAX_CODE_ATTEMPTS),
        gt(passwordResets.expiresAt, Date.now()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Whether the user has an unexpired reset (whose tries may be used up). */
export async function hasLivePasswordReset({ db, userId }: { db: Db; userId: string }) {
  const row = await db.query.passwordResets.findFirst({
    where: and(eq(passwordResets.userId, userId), gt(passwordResets.expiresAt, Date.now())),
    columns: { userId: true },
  });
  return row !== undefined;
}
