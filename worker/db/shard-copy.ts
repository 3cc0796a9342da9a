// Copying one user's history from one chat database to another, for moving the user between shards
// (durable-objects/state/shard-move.ts runs the steps). Raw D1 statements: the two databases are separate bindings,
// so rows are read from one in pages and written to the other in batches.
//
// Every write is an upsert that keeps the newer row (by updated_at), so a copy can be repeated: a second pass with
// `since` brings over what changed during the first (a turn saved, a chat renamed) and a late write to the old
// database after the switch is carried over by the last pass. Messages get new row ids in the target (ids are per
// database); they are copied in their (created_at, id) order, so the order of equal timestamps is kept. The search
// indexes follow through the target's own triggers. Chat ids are unique across all databases (chat_owners), so a
// chat never meets another user's chat of the same id.

/** Rows read per page. A message is at most ~1 MB (the save caps it), so a page stays well under D1's limits. */
const PAGE_ROWS = 100;

const CHAT_COLUMNS = [
  "id",
  "user_id",
  "title",
  "status",
  "is_starred",
  "persona",
  "created_at",
  "updated_at",
  "last_message_at",
  "project_id",
  "system_prompt",
  "temperature",
  "max_tokens",
] as const;

const MESSAGE_COLUMNS = [
  "chat_id",
  "user_id",
  "message_id",
  "sender",
  "message",
  "model",
  "endpoint",
  "source",
  "citations",
  "edited",
  "edited_at",
  "original_message",
  "is_edit_response",
  "for_edited_message_id",
  "stopped",
  "error",
  "request_id",
  "is_search_mode",
  "is_image_mode",
  "safety_violation",
  "offline",
  "attachments",
  "created_at",
  "updated_at",
  "parent_id",
  "on_path",
] as const;

const IMAGE_COLUMNS = [
  "id",
  "user_id",
  "chat_id",
  "message_id",
  "r2_key",
  "content_type",
  "size",
  "prompt",
  "model",
  "is_edit",
  "original_image_id",
  "offline",
  "created_at",
] as const;

interface TableCopy {
  table: string;
  /** Its name in HistoryCounts. */
  counted: keyof HistoryCounts;
  columns: readonly string[];
  /** The column a later pass compares with `since`. */
  changedAt: string;
  /** The paging order: a unique key, oldest first. */
  order: readonly string[];
  /** What a row already in the target does. */
  onConflict: string;
}

function upsertSet(columns: readonly string[], key: readonly string[]) {
  return columns
    .filter((c) => !key.includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(", ");
}

const TABLES: readonly TableCopy[] = [
  {
    table: "chat_sessions",
    counted: "chats",
    columns: CHAT_COLUMNS,
    changedAt: "updated_at",
    order: ["id"],
    onConflict: `ON CONFLICT (id) DO UPDATE SET ${upsertSet(CHAT_COLUMNS, ["id"])}
      WHERE excluded.updated_at >= chat_sessions.updated_at AND chat_sessions.user_id = excluded.user_id`,
  },
  {
    table: "messages",
    counted: "messages",
    columns: MESSAGE_COLUMNS,
    changedAt: "updated_at",
    order: ["created_at", "id"],
    onConflict: `ON CONFLICT (chat_id, message_id) DO UPDATE SET ${upsertSet(MESSAGE_COLUMNS, ["chat_id", "message_id"])}
      WHERE excluded.updated_at >= messages.updated_at AND messages.user_id = excluded.user_id`,
  },
  {
    table: "images",
    counted: "images",
    columns: IMAGE_COLUMNS,
    changedAt: "created_at",
    order: ["id"],
    onConflict: "ON CONFLICT (id) DO NOTHING",
  },
];

export interface HistoryCounts {
  chats: number;
  messages: number;
  images: number;
}

/**
 * Copies the user's chats, then messages, then images (the messages need their chats) from `from` to `to`: all of
 * them, or with `since` (ms) only the rows changed at or after it. Returns the rows written per table.
 */
export async function copyHistory({
  from,
  to,
  userId,
  since = 0,
}: {
  from: D1Database;
  to: D1Database;
  userId: string;
  since?: number;
}): Promise<HistoryCounts> {
  const copied: HistoryCounts = { chats: 0, messages: 0, images: 0 };
  for (const t of TABLES) {
    const cols = t.columns.join(", ");
    const insert = to.prepare(
      `INSERT INTO ${t.table} (${cols}) VALUES (${t.columns.map(() => "?").join(", ")}) ${t.onConflict}`,
    );
    // Keyset paging on the table's order, with its row id last so equal keys never repeat or skip a row.
    const order = [...t.order, "rowid"];
    let after: unknown[] | null = null;
    for (;;) {
      const position: string = after ? `AND (${order.join(", ")}) > (${order.map(() => "?").join(", ")})` : "";
      const page: D1Result<Record<string, unknown>> = await from
        .prepare(
          `SELECT ${cols}, ${order.map((c, i) => `${c} AS k${i}`).join(", ")} FROM ${t.table}
           WHERE user_id = ? AND ${t.changedAt} >= ? ${position}
           ORDER BY ${order.join(", ")} LIMIT ${PAGE_ROWS}`,
        )
        .bind(userId, since, ...(after ?? []))
        .all<Record<string, unknown>>();
      const rows: Record<string, unknown>[] = page.results;
      if (rows.length === 0) break;
      await to.batch(rows.map((r) => insert.bind(...t.columns.map((c) => r[c] ?? null))));
      copied[t.counted] += rows.length;
      const last: Record<string, unknown> = rows[rows.length - 1]!;
      after = order.map((_, i) => last[`k${i}`]);
      if (rows.length < PAGE_ROWS) break;
    }
  }
  return copied;
}

/** How many chats, messages and images of the user a database holds. */
export async function countHistory(d1: D1Database, userId: string): Promise<HistoryCounts> {
  const results = await d1.batch<{ n: number }>(
    TABLES.map((t) => d1.prepare(`SELECT count(*) AS n FROM ${t.table} WHERE user_id = ?`).bind(userId)),
  );
  const counts: HistoryCounts = { chats: 0, messages: 0, images: 0 };
  TABLES.forEach((t, i) => {
    counts[t.counted] = results[i]!.results[0]!.n;
  });
  return counts;
}

/** Deletes the user's whole history from a database (its search index rows go with it, by the triggers). */
export async function deleteHistory(d1: D1Database, userId: string): Promise<void> {
  await d1.batch([...TABLES].reverse().map((t) => d1.prepare(`DELETE FROM ${t.table} WHERE user_id = ?`).bind(userId)));
}
