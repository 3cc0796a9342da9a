// /ops: the operator's calls, made by scripts (scripts/move-user.mjs) with `Authorization: Bearer <OPS_SECRET>`.
// Without OPS_SECRET set, every call is a 404, as if the routes did not exist; a wrong secret is a 401.
//
// POST /ops/shard-moves {user, shard}: moves a user's chats, messages and images to another chat shard while they
// keep chatting (durable-objects/state/shard-move.ts). `user` is the user's id or email. Answers when the old copy
// is deleted, after a grace period for late writes (30 s; `grace_ms` to change it).
import { Hono } from "hono";
import * as v from "valibot";
import { userHub } from "../../durable-objects/user-hub-stub";
import { LATE_WRITE_GRACE_MS } from "../../durable-objects/state/shard-move";
import { matchesSharedSecret } from "../auth/shared-secret";
import { getUserByEmail, getUserById, normalizeEmail } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { valid } from "../lib/validate";

const MoveSchema = v.object({
  user: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(254)),
  shard: v.pipe(v.string(), v.regex(/^CHATS_\d{1,4}$/, "shard must be a CHATS_<n> binding")),
  /** How long to wait for late writes before the old copy is deleted, in ms (default 30,000; at most 10 minutes). */
  grace_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))),
});

export const opsRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!c.env.OPS_SECRET) throw new AppError("not_found", `No route for ${c.req.method} ${c.req.path}`);
    if (!(await matchesSharedSecret(c.req.header("Authorization"), "Bearer", c.env.OPS_SECRET)))
      throw new AppError("unauthorized", "The operator secret is missing or wrong");
    await next();
  })
  .post("/shard-moves", valid("json", MoveSchema), async (c) => {
    const { user: who, shard, grace_ms: graceMs } = c.req.valid("json");
    const db = c.var.db;
    const user = who.includes("@")
      ? await getUserByEmail({ db, email: normalizeEmail(who) })
      : await getUserById({ db, id: who });
    if (!user) throw new AppError("not_found", "No such user", { field: "user" });
    const hub = userHub(c.env, user.id);
    const result = await hub.moveChats(shard, graceMs ?? LATE_WRITE_GRACE_MS);
    if (result.ok) {
      return c.json(
        { status: "success", data: { user_id: user.id, from: result.from, to: result.to, moved: result.moved } },
        200,
      );
    }
    if ("reason" in result) throw new AppError("conflict", result.message, { reason: result.reason });
    throw new AppError(result.code, result.message, { field: "shard" });
  });
