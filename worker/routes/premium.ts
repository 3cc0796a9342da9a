// /auth/premium-info and /auth/subscription-history: the signed-in user's plan in the fields clients read (is_premium,
// premium_start, premium_end, plus the plan it means now) and the history of paid periods (active, scheduled, expired).
// Mounted at /auth next to the account routes; the rows come from the payment batch (worker/db/payments.ts).
import { Hono } from "hono";
import { requireAuth } from "../http/auth-middleware";
import { listPaidPeriods, premiumPeriodsQuery, publicPaidPeriod, toPremiumPeriod } from "../db/payments";
import type { AppEnv } from "../http/app-env";
import { isoOrNull } from "../lib/time";
import { nextPremiumChange, premiumFields } from "../plans/premium-period";
import { planOf } from "../plans/entitlements";
import type { PremiumInfoBody, SubscriptionHistoryBody } from "../protocol/payments";

/** History rows answered: the newest 100 periods. */
const HISTORY_LIMIT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export const premiumRoutes = new Hono<AppEnv>()
  .get("/premium-info", requireAuth, async (c) => {
    const u = c.var.user;
    const now = Date.now();
    const plan = planOf(u, now);
    const active = plan !== "free";
    // The next switch of plan while paid time runs on (Advanced+ ending with Basic queued after it).
    const periods = active ? (await premiumPeriodsQuery(c.var.db, u.id)).map(toPremiumPeriod) : [];
    const switchAt = nextPremiumChange(periods, now);
    const nextPlan =
      switchAt !== null && u.premiumEnd !== null && switchAt < u.premiumEnd
        ? planOf(premiumFields(periods, switchAt)!, switchAt)
        : null;
    return c.json(
      {
        status: "success",
        data: {
          is_premium: u.isPremium,
          premium_start: isoOrNull(u.premiumStart),
          premium_end: isoOrNull(u.premiumEnd),
          plan,
          active,
          days_left: active && u.premiumEnd !== null ? Math.ceil((u.premiumEnd - now) / DAY_MS) : 0,
          next_plan: nextPlan !== null && nextPlan !== plan ? nextPlan : null,
          next_plan_at: nextPlan !== null && nextPlan !== plan ? isoOrNull(switchAt) : null,
        },
      } satisfies PremiumInfoBody,
      200,
    );
  })
  .get("/subscription-history", requireAuth, async (c) => {
    const rows = await listPaidPeriods({ db: c.var.db, userId: c.var.user.id, limit: HISTORY_LIMIT });
    const now = Date.now();
    return c.json(
      {
        status: "success",
        data: { subscriptions: rows.map((s) => publicPaidPeriod(s, now)) },
      } satisfies SubscriptionHistoryBody,
      200,
    );
  });
