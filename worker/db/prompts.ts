// The prompt library's use counts (prompt_uses): one upsert per use, one read of the whole (small) table per list;
// and the operator's edits of the library (prompt_edits), read with the counts in the same batch.
import { sql } from "drizzle-orm";
import type { PromptEdit } from "../prompts/library";
import type { Db } from "./client";
import { promptEdits, promptUses } from "./schema";

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

/** The use counts and the library's edits, in one round trip. */
export async function readLibraryState({
  db,
}: {
  db: Db;
}): Promise<{ uses: Map<string, number>; edits: PromptEdit[] }> {
  const [uses, edits] = await db.batch([
    db.select({ promptId: promptUses.promptId, uses: promptUses.uses }).from(promptUses),
    db.select().from(promptEdits),
  ]);
  return { uses: new Map(uses.map((r) => [r.promptId, r.uses])), edits };
}

/** The library's edits alone (a single prompt's page). */
export function readPromptEdits({ db }: { db: Db }): Promise<PromptEdit[]> {
  return db.select().from(promptEdits);
}
