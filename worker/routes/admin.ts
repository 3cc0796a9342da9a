// The operator console's API, /admin/api/* (behind worker/http/admin-wall.ts: 404 to anyone but an operator). What
// it offers so far: who is signed in, the usage and health figures per day, model and provider (recorded by each turn,
// worker/db/usage-rollups.ts), the audit log, finding a user, ending all of a user's sessions, pushed out live, and
// the notification feeds (admin-feeds.ts), the prompt library (admin-prompts.ts) and payments with the review queue
// (admin-payments.ts), and re-sealing every secret after a rotation of MODEL_KEYS_SECRET. Every change writes its
// audit row (worker/admin/audit.ts).
import { Hono } from "hono";
import { desc, eq, or, sql } from "drizzle-orm";
import * as v from "valibot";
import { auditStatement, readAudit } from "../admin/audit";
import { userHub } from "../../durable-objects/user-hub-stub";
import { users } from "../db/schema";
import { activeUsersByDay, readUsageRollups, type UsageRow } from "../db/usage-rollups";
import { getUserById } from "../db/users";
import { AppError } from "../errors";
import { adminWall } from "../http/admin-wall";
import { adminFeedRoutes } from "./admin-feeds";
import { adminPaymentRoutes } from "./admin-payments";
import { adminPromptRoutes } from "./admin-prompts";
import { grantPlan } from "../admin/grant-plan";
import { listOrders, listPaidPeriods } from "../db/payments";
import { resealAllModelKeys } from "../db/reseal-secrets";
import { dailyUsage } from "../db/schema";
import { PACKAGE_TYPES } from "../plans/packages";
import { planOf } from "../plans/entitlements";
import type { AppEnv } from "../http/app-env";
import { valid } from "../lib/validate";
import { quotaDay } from "../lib/time";

/** The figures' default span, in quota days ending today. */
const DEFAULT_USAGE_DAYS = 7;
/** The longest span one call reads, in days. */
const MAX_USAGE_DAYS = 92;
const DAY_MS = 86_400_000;
/** Users one search answers at most. */
const USER_SEARCH_LIMIT = 20;
const AUDIT_PAGE_DEFAULT = 50;
const AUDIT_PAGE_MAX = 200;

const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "days are YYYY-MM-DD"));
const UsageQuerySchema = v.object({ from: v.optional(Day), to: v.optional(Day) });
const AuditQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, "limit must be a whole number"),
      v.transform(Number),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`),
    ),
  ),
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, "before must be a time in ms"), v.transform(Number))),
});
const BlockSchema = v.strictObject({
  reason: v.pipe(v.string("reason is required"), v.trim(), v.nonEmpty("reason is required"), v.maxLength(1_000)),
});
const GrantSchema = v.strictObject({
  package: v.picklist(PACKAGE_TYPES, `package must be one of ${PACKAGE_TYPES.join(", ")}`),
});
/** Paid periods and orders a user's page shows, newest first. */
const USER_HISTORY_LIMIT = 50;

const UserSearchSchema = v.object({
  q: v.pipe(v.string("q is required"), v.trim(), v.minLength(2, "q needs at least 2 characters"), v.maxLength(200)),
});

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** The rows added up per day and provider, for the provider view. */
function byProvider(rows: UsageRow[]) {
  const out = new Map<string, Omit<UsageRow, "model" | "errors" | "ttftP50Ms" | "ttftP95Ms">>();
  for (const r of rows) {
    const key = `${r.day}|${r.provider}`;
    const sum = out.get(key) ?? {
      day: r.day,
      provider: r.provider,
      turns: 0,
      failed: 0,
      tokensIn: 0,
      tokensOut: 0,
      searches: 0,
      images: 0,
      thumbsUp: 0,
      thumbsDown: 0,
    };
    sum.turns += r.turns;
    sum.failed += r.failed;
    sum.tokensIn += r.tokensIn;
    sum.tokensOut += r.tokensOut;
    sum.searches += r.searches;
    sum.images += r.images;
    sum.thumbsUp += r.thumbsUp;
    sum.thumbsDown += r.thumbsDown;
    out.set(key, sum);
  }
  return [...out.values()];
}

export const adminRoutes = new Hono<AppEnv>()
  .use(adminWall)
  .get("/me", (c) => c.json({ status: "success", data: { id: c.var.user.id, email: c.var.user.email } }, 200))
  .get("/usage", valid("query", UsageQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const to = q.to ?? quotaDay();
    const from = q.from ?? dayOf(Date.parse(to) - (DEFAULT_USAGE_DAYS - 1) * DAY_MS);
    if (daysBetween(from, to) < 0) throw new AppError("invalid_input", "from must not be after to", { field: "from" });
    if (daysBetween(from, to) >= MAX_USAGE_DAYS)
      throw new AppError("invalid_input", `At most ${MAX_USAGE_DAYS} days at once`, { field: "from" });
    const [rows, active] = await Promise.all([
      readUsageRollups({ db: c.var.db, from, to }),
      activeUsersByDay({ db: c.var.db, from, to }),
    ]);
    return c.json(
      { status: "success", data: { from, to, models: rows, providers: byProvider(rows), activeUsers: active } },
      200,
    );
  })
  .get("/audit", valid("query", AuditQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const entries = await readAudit({ db: c.var.db, limit: q.limit ?? AUDIT_PAGE_DEFAULT, before: q.before });
    return c.json({ status: "success", data: entries }, 200);
  })
  .get("/users", valid("query", UserSearchSchema), async (c) => {
    const { q } = c.req.valid("query");
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const found = await c.var.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        isPremium: users.isPremium,
        premiumEnd: users.premiumEnd,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(
        or(
          eq(users.id, q),
          sql`${users.email} LIKE ${pattern} ESCAPE '\\'`,
          sql`${users.name} LIKE ${pattern} ESCAPE '\\'`,
        ),
      )
      .orderBy(desc(users.createdAt))
      .limit(USER_SEARCH_LIMIT);
    return c.json({ status: "success", data: found }, 200);
  })
  .get("/users/:id", async (c) => {
    const db = c.var.db;
    const user = await getUserById({ db, id: c.req.param("id") });
    if (!user) throw new AppError("not_found", "No such user");
    const now = Date.now();
    const [periods, orders, usage, sessions] = await Promise.all([
      listPaidPeriods({ db, userId: user.id, limit: USER_HISTORY_LIMIT }),
      listOrders({ db, userId: user.id, limit: USER_HISTORY_LIMIT }),
      db
        .select({ bucket: dailyUsage.bucket, count: dailyUsage.count })
        .from(dailyUsage)
        .where(sql`${dailyUsage.userId} = ${user.id} AND ${dailyUsage.day} = ${quotaDay()}`),
      userHub(c.env, user.id).listSessions(),
    ]);
    return c.json(
      {
        status: "success",
        data: {
          user: {
            id: user.id,
            email: user.email,
            name: user.name,
            createdAt: user.createdAt,
            plan: planOf(user, now),
            isPremium: user.isPremium,
            premiumEnd: user.premiumEnd,
            referredBy: user.referredBy,
            affiliateCode: user.affiliateCode,
            blockedAt: user.blockedAt,
            blockedReason: user.blockedReason,
          },
          periods,
          orders,
          usageToday: usage,
          sessions: sessions.length,
        },
      },
      200,
    );
  })
  .post("/users/:id/grant", valid("json", GrantSchema), async (c) => {
    const id = c.req.param("id");
    const granted = await grantPlan({
      db: c.var.db,
      d1: c.env.DB,
      owner: userHub(c.env, id),
      userId: id,
      pkg: c.req.valid("json").package,
      admin: { id: c.var.user.id, email: c.var.user.email },
    });
    return c.json({ status: "success", data: granted }, 200);
  })
  .post("/users/:id/block", valid("json", BlockSchema), async (c) => {
    const db = c.var.db;
    const target = await getUserById({ db, id: c.req.param("id") });
    if (!target) throw new AppError("not_found", "No such user");
    if (target.id === c.var.user.id) throw new AppError("invalid_input", "An operator cannot block their own account");
    const { reason } = c.req.valid("json");
    const at = Date.now();
    if (target.blockedAt === null) {
      await db.batch([
        db.update(users).set({ blockedAt: at, blockedReason: reason, updatedAt: at }).where(eq(users.id, target.id)),
        auditStatement({
          db,
          entry: {
            admin: { id: c.var.user.id, email: c.var.user.email },
            action: "block_user",
            target: `user:${target.id}`,
            before: { blocked: false },
            after: { blocked: true, reason },
          },
        }),
      ]);
    }
    // The object reads the flag (every call from now on is a 403), then its sessions end, pushed out live.
    const hub = userHub(c.env, target.id);
    await hub.userChanged();
    const ended = await hub.endOtherSessions(null, "revoked");
    return c.json({ status: "success", data: { blocked: true, ended: ended.length } }, 200);
  })
  .post("/users/:id/unblock", async (c) => {
    const db = c.var.db;
    const target = await getUserById({ db, id: c.req.param("id") });
    if (!target) throw new AppError("not_found", "No such user");
    if (target.blockedAt !== null) {
      await db.batch([
        db
          .update(users)
          .set({ blockedAt: null, blockedReason: null, updatedAt: Date.now() })
          .where(eq(users.id, target.id)),
        auditStatement({
          db,
          entry: {
            admin: { id: c.var.user.id, email: c.var.user.email },
            action: "unblock_user",
            target: `user:${target.id}`,
            before: { blocked: true, reason: target.blockedReason },
            after: { blocked: false },
          },
        }),
      ]);
      await userHub(c.env, target.id).userChanged();
    }
    return c.json({ status: "success", data: { blocked: false } }, 200);
  })
  .post("/users/:id/end-sessions", async (c) => {
    const db = c.var.db;
    const target = await getUserById({ db, id: c.req.param("id") });
    if (!target) throw new AppError("not_found", "No such user");
    const ended = await userHub(c.env, target.id).endOtherSessions(null, "revoked");
    await db.batch([
      auditStatement({
        db,
        entry: {
          admin: { id: c.var.user.id, email: c.var.user.email },
          action: "end_sessions",
          target: `user:${target.id}`,
          before: { sessions: ended.length },
          after: { sessions: 0 },
        },
      }),
    ]);
    return c.json({ status: "success", data: { ended: ended.length } }, 200);
  })
  // The last step of rotating MODEL_KEYS_SECRET (README, "Rotating secrets"): every value still under an older secret
  // sealed again under the current one. Harmless to run twice; the audit row keeps what it did.
  .post("/secrets/reseal", async (c) => {
    const db = c.var.db;
    const report = await resealAllModelKeys(c.env, db);
    await db.batch([
      auditStatement({
        db,
        entry: {
          admin: { id: c.var.user.id, email: c.var.user.email },
          action: "reseal_secrets",
          target: "secret:MODEL_KEYS_SECRET",
          before: null,
          after: report,
        },
      }),
    ]);
    return c.json({ status: "success", data: report }, 200);
  })
  .route("/feeds", adminFeedRoutes)
  .route("/payments", adminPaymentRoutes)
  .route("/prompts", adminPromptRoutes);
