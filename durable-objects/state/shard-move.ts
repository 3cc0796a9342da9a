// Moving a user's history to another chat shard (worker/db/shards.ts), run by the user's own object, which decides
// where every chat write goes. The user keeps chatting during the move, and a crash at any step leaves one complete
// copy, the one the directory names:
//
// 1. copy   — the move is recorded, then every chat, message and image row is copied to the target. The directory
//             still names the source; writes go on there.
// 2. catch up — what changed during the copy (by updated_at, with a margin for clocks) is copied again.
// 3. switch — the object holds new chat writes and calls (chat-writes.ts), waits for its writes under way, copies the
//             last changes, checks that both databases hold as many chats, messages and images of the user, then
//             writes the directory and its own copy of it, and lets the held calls go, to the target.
// 4. finish — after a grace period for writes of requests authorized before the switch (a route writes to the shard
//             it was told at the start of its request), their changes are copied too, and the source's rows deleted.
//
// A restart with a move recorded (recover, from the object's start): before the directory changed, the partial copy
// in the target is deleted and the user stays where they were; after, the move is finished.
import { copyHistory, countHistory, deleteHistory, type HistoryCounts } from "../../worker/db/shard-copy";
import type { Db } from "../../worker/db/client";
import { chatShards, userShards } from "../../worker/db/schema";
import { shardD1, shardOf, shardOfQuery } from "../../worker/db/shards";
import { eq, sql } from "drizzle-orm";
import type { HotState } from "./hot-state";
import type { ObjectSql } from "./object-sql";

/** How far back a catch-up copies from its step's start: the writers' clocks (Workers, objects) may differ a little. */
const CLOCK_MARGIN_MS = 60_000;
/** How long writes of requests authorized before the switch may still reach the source: 30 s. */
export const LATE_WRITE_GRACE_MS = 30_000;
/** Copy passes the switch makes while a write that began before the hold keeps the counts apart. */
const SWITCH_PASSES = 3;

export interface MoveRecord {
  source: string;
  target: string;
  step: "copy" | "switched";
  /** When the copy began, and when the directory switched (ms). */
  startedAt: number;
  switchedAt?: number;
}

export type MoveOutcome =
  | { ok: true; from: string; to: string; moved: HistoryCounts }
  | { ok: false; reason: "same_shard" | "move_running" | "counts_differ"; message: string };

const RECORD_KEY = "shard_move";

export class ShardMover {
  constructor(
    private readonly state: HotState,
    /** The object's SQLite, where the move under way is recorded. */
    private readonly storage: ObjectSql,
    private readonly env: Env,
    /** The main database, where the directory is. */
    private readonly main: Db,
    private readonly userId: () => string,
  ) {}

  /** The move under way, if any. */
  record(): MoveRecord | null {
    const raw = this.storage.meta(RECORD_KEY);
    return raw ? (JSON.parse(raw) as MoveRecord) : null; // written by save below, never from outside
  }

  private save(record: MoveRecord | null) {
    if (record) this.storage.setMeta(RECORD_KEY, JSON.stringify(record));
    else this.storage.deleteMeta(RECORD_KEY);
  }

  /** Every step in turn. `graceMs` is how long step 4 waits for late writes (LATE_WRITE_GRACE_MS). */
  async move(target: string, graceMs = LATE_WRITE_GRACE_MS): Promise<MoveOutcome> {
    const started = await this.begin(target);
    if (!started.ok) return started;
    let switched: MoveOutcome;
    try {
      await this.catchUp();
      switched = await this.switchOver();
    } catch (err) {
      // A failure before the switch (D1 unavailable, say): the source is still the user's one copy.
      const record = this.record();
      if (record?.step === "copy") await this.abort(record);
      throw err;
    }
    if (!switched.ok) return switched;
    await this.finish(graceMs);
    return switched;
  }

  /** Step 1: records the move and copies the whole history to the target. */
  async begin(target: string): Promise<MoveOutcome> {
    const source = this.state.account.shard();
    if (this.record()) return { ok: false, reason: "move_running", message: "A move of this user is under way" };
    if (target === source) return { ok: false, reason: "same_shard", message: `The user is already on ${target}` };
    const record: MoveRecord = { source, target, step: "copy", startedAt: Date.now() };
    this.save(record);
    try {
      return { ok: true, from: source, to: target, moved: await this.copy(record, 0) };
    } catch (err) {
      await this.abort(record);
      throw err;
    }
  }

  /** Step 2: copies what changed since the copy began (writes went on meanwhile). */
  async catchUp(): Promise<HistoryCounts> {
    const record = this.current("copy");
    const since = record.startedAt - CLOCK_MARGIN_MS;
    record.startedAt = Date.now();
    this.save(record);
    return this.copy(record, since);
  }

  /** Step 3: holds chat writes, copies the last changes, checks the counts and switches the directory. */
  async switchOver(): Promise<MoveOutcome> {
    const record = this.current("copy");
    await this.state.chatWrites.hold();
    try {
      const from = shardD1(this.env, record.source);
      const to = shardD1(this.env, record.target);
      let since = record.startedAt - CLOCK_MARGIN_MS;
      for (let pass = 0; ; pass++) {
        const at = Date.now();
        await this.copy(record, since);
        const [inSource, inTarget] = await Promise.all([
          countHistory(from, this.userId()),
          countHistory(to, this.userId()),
        ]);
        if (sameCounts(inSource, inTarget)) {
          await this.switchDirectory(record);
          return { ok: true, from: record.source, to: record.target, moved: inTarget };
        }
        if (pass + 1 >= SWITCH_PASSES) {
          await this.abort(record);
          return {
            ok: false,
            reason: "counts_differ",
            message: `The copy did not settle: ${JSON.stringify(inSource)} in ${record.source}, ${JSON.stringify(inTarget)} in ${record.target}`,
          };
        }
        since = at - CLOCK_MARGIN_MS;
      }
    } finally {
      this.state.chatWrites.open();
    }
  }

  /** Step 4: after `graceMs`, copies the late writes to the source, then deletes the source's rows. */
  async finish(graceMs: number): Promise<void> {
    const record = this.current("switched");
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    await this.copy(record, (record.switchedAt ?? record.startedAt) - CLOCK_MARGIN_MS);
    await deleteHistory(shardD1(this.env, record.source), this.userId());
    this.save(null);
  }

  /**
   * After a restart with a move recorded: a move whose directory had not switched is undone (the target's partial
   * copy deleted), one that had is finished. The time the restart took stands in for the grace period.
   */
  async recover(): Promise<"none" | "undone" | "finished"> {
    const record = this.record();
    if (!record) return "none";
    if (record.step === "copy") {
      // The directory may have switched just before the object stopped, without the object's record.
      if (shardOf(await shardOfQuery(this.main, this.userId())) !== record.target) {
        await this.abort(record);
        return "undone";
      }
      this.switched(record);
    }
    await this.finish(0);
    return "finished";
  }

  private current(step: MoveRecord["step"]): MoveRecord {
    const record = this.record();
    if (record?.step !== step) throw new Error(`no move at step ${step}`);
    return record;
  }

  private copy(record: MoveRecord, since: number) {
    return copyHistory({
      from: shardD1(this.env, record.source),
      to: shardD1(this.env, record.target),
      userId: this.userId(),
      since,
    });
  }

  /** The directory names the target (and each shard's count of users follows), then the object's copy of it. */
  private async switchDirectory(record: MoveRecord) {
    const userId = this.userId();
    const db = this.main;
    const now = Date.now();
    await db.batch([
      db
        .insert(userShards)
        .values({ userId, shard: record.target, assignedAt: now })
        .onConflictDoUpdate({ target: userShards.userId, set: { shard: record.target, assignedAt: now } }),
      db
        .insert(chatShards)
        .values({ name: record.target, users: 1 })
        .onConflictDoUpdate({ target: chatShards.name, set: { users: sql`${chatShards.users} + 1` } }),
      db
        .update(chatShards)
        .set({ users: sql`max(${chatShards.users} - 1, 0)` })
        .where(eq(chatShards.name, record.source)),
    ]);
    this.switched(record);
  }

  private switched(record: MoveRecord) {
    this.state.account.setShard(record.target);
    this.save({ ...record, step: "switched", switchedAt: Date.now() });
  }

  /** Undoes a move before its switch: the target's copy goes, the source stays the user's one copy. */
  private async abort(record: MoveRecord) {
    await deleteHistory(shardD1(this.env, record.target), this.userId());
    this.save(null);
  }
}

function sameCounts(a: HistoryCounts, b: HistoryCounts) {
  return a.chats === b.chats && a.messages === b.messages && a.images === b.images;
}
