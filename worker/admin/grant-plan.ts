// An operator's grant of paid time (the console's "grant or extend a plan"): a package's time added to the user's
// queue of paid periods by the same rule a bank payment follows (worker/plans/premium-period.ts addPaidPeriod: after
// any running or scheduled time of its level or higher), kept in the payment history as a row of method "grant" and
// price 0, with the audit row, all in one D1 batch. Like a payment, the batch applies only if the user's plan and
// periods are still the ones it was computed from (else it is computed again), so a grant racing a payment or another
// grant never loses either; the user's object then reloads the plan and tells open tabs.
import type { StateOwner } from "../db/state-owner";
import { periodWrites, readPremiumQueue } from "../db/payments";
import type { Db } from "../db/client";
import { addPaidPeriod, premiumFields, queueOf } from "../plans/premium-period";
import { PACKAGES, type PackageType } from "../plans/packages";
import { AppError } from "../errors";

/** Times a grant is computed again when the plan changed under it, before giving up with a 409. */
const STALE_RETRIES = 3;

export interface GrantResult {
  subscriptionId: string;
  level: number;
  start: number;
  end: number;
  before: { isPremium: number; premiumEnd: number | null };
  after: { isPremium: number; premiumEnd: number | null };
}

export async function grantPlan({
  db,
  d1,
  owner,
  userId,
  pkg,
  admin,
  now = Date.now,
}: {
  db: Db;
  /** The raw main D1 binding: the batch is plain SQL with shared guards. */
  d1: D1Database;
  owner: StateOwner;
  userId: string;
  pkg: PackageType;
  admin: { id: string; email: string };
  now?: () => number;
}): Promise<GrantResult> {
  const paid = PACKAGES[pkg];
  for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
    const { user, periods } = await readPremiumQueue({ db, userId });
    if (!user) throw new AppError("not_found", "No such user");
    const at = now();
    const before = queueOf(periods, user, at);
    const { periods: after, added } = addPaidPeriod(before, paid, at);
    const fields = premiumFields(after, at)!;
    const subId = crypto.randomUUID();
    const result: GrantResult = {
      subscriptionId: subId,
      level: added.level,
      start: added.start,
      end: added.end,
      before: { isPremium: user.isPremium, premiumEnd: user.premiumEnd },
      after: { isPremium: fields.isPremium, premiumEnd: fields.premiumEnd },
    };
    const claimed = "EXISTS (SELECT 1 FROM subscriptions WHERE id = ?1)";
    const statements: [string, ...unknown[]][] = [
      // Only while the plan and the periods are as read: otherwise nothing below runs.
      [
        `INSERT INTO subscriptions (id, user_id, plan, start_date, end_date, price, transaction_id, status, method, order_id, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, 0, NULL, 'active', 'grant', NULL, ?6
         WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2 AND is_premium = ?7 AND premium_start IS ?8 AND premium_end IS ?9)
           AND (SELECT count(*) FROM premium_periods WHERE user_id = ?2) = ?10`,
        subId,
        userId,
        pkg,
        added.start,
        added.end,
        at,
        user.isPremium,
        user.premiumStart,
        user.premiumEnd,
        periods.length,
      ],
      ...periodWrites({ before, after, added }).map(({ kind, period }): [string, ...unknown[]] =>
        kind === "update"
          ? [
              `UPDATE premium_periods SET start_at = ?3, end_at = ?4 WHERE id = ?5 AND user_id = ?2 AND ${claimed}`,
              subId,
              userId,
              period.start,
              period.end,
              period.id,
            ]
          : [
              `INSERT INTO premium_periods (id, user_id, subscription_id, level, start_at, end_at, created_at)
               SELECT ?3, ?2, ?4, ?5, ?6, ?7, ?8 WHERE ${claimed}`,
              subId,
              userId,
              crypto.randomUUID(),
              period === added ? subId : period.source,
              period.level,
              period.start,
              period.end,
              at,
            ],
      ),
      // A history row's dates span its periods, so they stay true when its time moves.
      [
        `UPDATE subscriptions SET
           start_date = (SELECT min(start_at) FROM premium_periods WHERE subscription_id = subscriptions.id),
           end_date = (SELECT max(end_at) FROM premium_periods WHERE subscription_id = subscriptions.id)
         WHERE user_id = ?2 AND EXISTS (SELECT 1 FROM premium_periods WHERE subscription_id = subscriptions.id) AND ${claimed}`,
        subId,
        userId,
      ],
      [
        `UPDATE users SET is_premium = ?3, premium_start = ?4, premium_end = ?5, updated_at = ?6 WHERE id = ?2 AND ${claimed}`,
        subId,
        userId,
        fields.isPremium,
        fields.premiumStart,
        fields.premiumEnd,
        at,
      ],
      [
        `INSERT INTO admin_audit (id, admin_id, admin_email, action, target, before, after, at)
         SELECT ?3, ?4, ?5, 'grant_plan', ?6, ?7, ?8, ?9 WHERE ${claimed}`,
        subId,
        userId,
        crypto.randomUUID(),
        admin.id,
        admin.email,
        `user:${userId}`,
        JSON.stringify(result.before),
        JSON.stringify({ ...result.after, package: pkg, start: added.start, end: added.end }),
        at,
      ],
    ];
    await d1.batch(statements.map(([sql, ...values]) => d1.prepare(sql).bind(...values)));
    const applied = await d1.prepare("SELECT 1 AS ok FROM subscriptions WHERE id = ?").bind(subId).first();
    if (applied) {
      // The grant is committed either way: the object reads the periods again at its next load or boundary.
      await owner.userChanged().catch((err) => console.error("the user's object missed a grant", userId, err));
      return result;
    }
  }
  throw new AppError("conflict", "The user's plan kept changing; try again");
}
