// Chats are sharded by user. One D1 database holds at most 10 GB and runs its queries one at a time, so the history
// (chats, messages, their search indexes, image records) is spread over several "chat shards", each a D1 binding
// named CHATS_<n> in wrangler.toml, while the main database (DB) keeps what is global: accounts, sessions, payments,
// feeds, prompts, affiliates, and the directory saying which shard holds each user (user_shards).
//
// A user is placed at sign-up on the shard holding the fewest users, in the same batch that creates the account.
// A user with no directory row was placed before shards existed: their chats are in the main database's own chat
// tables, which is also where everyone goes when no shard is configured. The user's Durable Object reads the
// directory with the account (one batch) and hands the shard's name to every request it authenticates, so nothing
// looks the directory up on the way to an answer.
import { eq, sql } from "drizzle-orm";
import { type Db, createDb } from "./client";
import { chatShards, userShards, users } from "./schema";

/** The binding of the main database, also the home of the chats of users placed before shards existed. */
export const MAIN_SHARD = "DB";

const SHARD_BINDING = /^CHATS_(\d+)$/;

/** The chat shards this deployment has (its CHATS_<n> D1 bindings), in the order of n. */
export function shardNames(env: Env): string[] {
  return Object.keys(env)
    .map((name) => ({ name, n: SHARD_BINDING.exec(name)?.[1] }))
    .filter((s): s is { name: string; n: string } => s.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((s) => s.name);
}

/** True for a name that can hold a user's chats here: a configured shard or the main database. */
export function isShard(env: Env, name: string): boolean {
  return name === MAIN_SHARD || (SHARD_BINDING.test(name) && Object.hasOwn(env, name));
}

/** The D1 database of a shard, by its binding name. Throws for a shard this deployment does not have. */
export function shardD1(env: Env, name: string): D1Database {
  if (!isShard(env, name)) throw new Error(`no chat shard bound as ${name}`);
  return (env as unknown as Record<string, D1Database>)[name]!; // a D1 binding: isShard checked its name
}

/** The drizzle client over a user's chat shard (one per binding: db/client.ts). */
export function shardDb(env: Env, name: string): Db {
  return createDb(shardD1(env, name));
}

/** The shard a new user goes to: the one holding the fewest users (the first on a tie), or the main database. */
export async function pickShard(db: Db, env: Env): Promise<string> {
  const names = shardNames(env);
  if (names.length === 0) return MAIN_SHARD;
  const counts = new Map((await db.select().from(chatShards)).map((r) => [r.name, r.users]));
  let best = names[0]!;
  for (const name of names) if ((counts.get(name) ?? 0) < (counts.get(best) ?? 0)) best = name;
  return best;
}

/**
 * The writes that record a new user's shard, for the batch that creates the user (after the user's insert). They
 * write nothing when that insert did not happen (an email taken in a race), so the batch never fails on them. The
 * main database needs no row: no row means the main database.
 */
export function placeUserStatements({ db, userId, shard }: { db: Db; userId: string; shard: string }) {
  if (shard === MAIN_SHARD) return [];
  return [
    // INSERT INTO user_shards SELECT id, shard, now FROM users WHERE id = userId
    db.insert(userShards).select(
      db
        .select({
          userId: users.id,
          shard: sql<string>`${shard}`.as("shard"),
          assignedAt: sql<number>`(unixepoch('subsec') * 1000)`.as("assigned_at"),
        })
        .from(users)
        .where(eq(users.id, userId)),
    ),
    // INSERT INTO chat_shards SELECT shard, 1 FROM user_shards WHERE user_id = userId ON CONFLICT: users + 1
    db
      .insert(chatShards)
      .select(
        db
          .select({ name: userShards.shard, users: sql<number>`1`.as("users") })
          .from(userShards)
          .where(eq(userShards.userId, userId)),
      )
      .onConflictDoUpdate({ target: chatShards.name, set: { users: sql`${chatShards.users} + 1` } }),
  ] as const;
}

/** The directory's query for a user's shard, for the batch that loads the user's account (read it with shardOf). */
export function shardOfQuery(db: Db, userId: string) {
  return db.select({ shard: userShards.shard }).from(userShards).where(eq(userShards.userId, userId)).limit(1);
}

/** The shard shardOfQuery's rows name: the main database for a user without a directory row. */
export function shardOf(rows: { shard: string }[]): string {
  return rows[0]?.shard ?? MAIN_SHARD;
}
