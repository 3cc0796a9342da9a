// Deleting a chat only marks it (status "deleted"), so an accidental delete in the app can be undone by support for a
// while; after PURGE_AFTER_MS the chat goes for real: its row, its messages (with their search index rows, by the
// triggers), its image records and the pictures in R2, and the owner's claim on its id. A daily scheduled run purges
// every database that holds chats (the chat shards and the main database's own tables); "clear all" purges the user's
// chats at once. Raw D1 statements: one database at a time, in bounded rounds. Attachments stay in R2 (an upload may
// be attached to more than one question): they go with the account.
import { MAIN_SHARD, shardD1, shardNames } from "./shards";

/** How long a deleted chat is kept before it is purged: 30 days, in ms. */
export const PURGE_AFTER_MS = 30 * 86_400_000;
/** Chats purged per round: their ids fit one statement's bound parameters (D1 allows 100). */
const ROUND_CHATS = 50;
/** Keys one R2 delete takes at most. */
const R2_DELETE_MAX = 1_000;
/** Rounds per database per scheduled run: 20 × 50 = 1,000 chats, so one run stays well inside its time. */
const MAX_ROUNDS = 20;

export interface PurgeCounts {
  chats: number;
  images: number;
}

/**
 * Purges, in one database, the deleted chats last changed before `before` (ms): all users' (the scheduled run), or
 * one user's. Returns what went. At most `rounds` × 50 chats.
 */
export async function purgeDeletedChats({
  d1,
  main,
  pictures,
  before,
  userId,
  rounds = MAX_ROUNDS,
}: {
  d1: D1Database;
  /** The main database, where the ids a client picked are claimed (chat_owners). */
  main: D1Database;
  /** The R2 bucket of the pictures. */
  pictures: R2Bucket;
  before: number;
  userId?: string;
  rounds?: number;
}): Promise<PurgeCounts> {
  const purged: PurgeCounts = { chats: 0, images: 0 };
  const ofUser = userId === undefined ? "" : "AND user_id = ?";
  for (let round = 0; round < rounds; round++) {
    const { results: chats } = await d1
      .prepare(
        `SELECT id FROM chat_sessions WHERE status = 'deleted' AND updated_at < ? ${ofUser} ORDER BY updated_at LIMIT ${ROUND_CHATS}`,
      )
      .bind(before, ...(userId === undefined ? [] : [userId]))
      .all<{ id: string }>();
    if (chats.length === 0) break;
    const ids = chats.map((c) => c.id);
    const inIds = `(${ids.map(() => "?").join(", ")})`;
    const { results: images } = await d1
      .prepare(`SELECT r2_key FROM images WHERE chat_id IN ${inIds}`)
      .bind(...ids)
      .all<{ r2_key: string }>();
    // The pictures first: a crash after them leaves rows pointing at nothing, which the next run deletes; the other
    // way round would leave pictures nobody can reach.
    const keys = images.map((i) => i.r2_key);
    for (let i = 0; i < keys.length; i += R2_DELETE_MAX) await pictures.delete(keys.slice(i, i + R2_DELETE_MAX));
    await d1.batch([
      d1.prepare(`DELETE FROM images WHERE chat_id IN ${inIds}`).bind(...ids),
      d1.prepare(`DELETE FROM messages WHERE chat_id IN ${inIds}`).bind(...ids),
      d1.prepare(`DELETE FROM chat_sessions WHERE id IN ${inIds}`).bind(...ids),
    ]);
    await main
      .prepare(`DELETE FROM chat_owners WHERE chat_id IN ${inIds}`)
      .bind(...ids)
      .run();
    purged.chats += ids.length;
    purged.images += images.length;
    if (chats.length < ROUND_CHATS) break;
  }
  return purged;
}

/** The scheduled run: every database that holds chats, the chats deleted more than 30 days before `now`. */
export async function purgeAllDatabases(env: Env, now = Date.now()): Promise<Record<string, PurgeCounts>> {
  const done: Record<string, PurgeCounts> = {};
  for (const name of [MAIN_SHARD, ...shardNames(env)]) {
    done[name] = await purgeDeletedChats({
      d1: shardD1(env, name),
      main: env.DB,
      pictures: env.IMAGES,
      before: now - PURGE_AFTER_MS,
    });
  }
  return done;
}
