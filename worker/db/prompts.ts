// The prompt library's use counts (prompt_uses): one upsert per use, one read of the whole (small) table per list.
import { eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { promptUses } from "./schema";

/** Counts one use of `promptId` in a single statement and answers its new total. */
export async function recordPromptUse({
  db,
  promptId,
  now,
}: {
  db: Db;
  promptId: string;
  now: number;
}): Promise<number> {
  const rows = await db
    .insert(promptUses)
    .values({ promptId, uses: 1, lastUsedAt: now })
    .onConflictDoUpdate({ target: promptUses.promptId, set: { uses: sql`${promptUses.uses} + 1`, lastUsedAt: now } })
    .returning({ uses: promptUses.uses });
  return rows[0]?.uses ?? 1;
}

/** Use counts by prompt id (prompts never used are absent). */
export async function promptUseCounts({ db }: { db: Db }): Promise<Map<string, number>> {
  const rows = await db.select({ promptId: promptUses.promptId, uses: promptUses.uses }).from(promptUses);
  return new Map(rows.map((r) => [r.promptId, r.uses]));
}

export async function promptUseCount({ db, promptId }: { db: Db; promptId: string }): Promise<number> {
  const rows = await db.select({ uses: promptUses.uses }).from(promptUses).where(eq(promptUses.promptId, promptId));
  return rows[0]?.uses ?? 0;
}
