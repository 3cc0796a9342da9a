// AI settings and remembered facts, one row per user in ai_settings (absent = the defaults) and user_memories.
// Every query takes the user id and keeps it in the WHERE.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { isoOrNull } from "../lib/time";
import {
  type AiSettingsView,
  type AiStyle,
  AI_STYLES,
  CUSTOM_INSTRUCTION_MAX_CHARS,
  type MemoryFact,
} from "../protocol/settings";
import { aiSettings, userMemories } from "./schema";
import type { StateOwner } from "./state-owner";

export interface AiSettingsRecord {
  chatCustomization: string;
  enableSearch: boolean;
  enableAiCustom: boolean;
  allowNewChats: boolean;
  aiStyle: AiStyle | null;
  memoryEnabled: boolean;
}

/** Defaults: no custom instruction (''), search on, custom instruction on, new chats allowed; no style; memory on. */
export const DEFAULT_AI_SETTINGS: AiSettingsRecord = {
  chatCustomization: "",
  enableSearch: true,
  enableAiCustom: true,
  allowNewChats: true,
  aiStyle: null,
  memoryEnabled: true,
};

const asStyle = (s: string | null): AiStyle | null => AI_STYLES.find((x) => x === s) ?? null;

export async function getAiSettings({ db, userId }: { db: Db; userId: string }): Promise<AiSettingsRecord> {
  return aiSettingsFromRow(await db.query.aiSettings.findFirst({ where: eq(aiSettings.userId, userId) }));
}

/** The settings a stored row holds; the defaults when the user has none yet. */
export function aiSettingsFromRow(row: typeof aiSettings.$inferSelect | undefined): AiSettingsRecord {
  if (!row) return { ...DEFAULT_AI_SETTINGS };
  return {
    chatCustomization: row.chatCustomization,
    enableSearch: row.enableSearch,
    enableAiCustom: row.enableAiCustom,
    allowNewChats: row.allowNewChats,
    aiStyle: asStyle(row.aiStyle),
    memoryEnabled: row.memoryEnabled,
  };
}

/** Writes the given fields (others keep their stored value, or the default for a first write); returns the result. */
export async function updateAiSettings({
  db,
  owner,
  userId,
  patch,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  patch: Partial<AiSettingsRecord>;
}) {
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([, x]) => x !== undefined),
  ) as Partial<AiSettingsRecord>;
  const now = Date.now();
  const [row] = await db
    .insert(aiSettings)
    .values({ userId, ...DEFAULT_AI_SETTINGS, ...defined, updatedAt: now })
    .onConflictDoUpdate({ target: aiSettings.userId, set: { ...defined, updatedAt: now } })
    .returning();
  await owner.settingsChanged();
  return {
    chatCustomization: row!.chatCustomization,
    enableSearch: row!.enableSearch,
    enableAiCustom: row!.enableAiCustom,
    allowNewChats: row!.allowNewChats,
    aiStyle: asStyle(row!.aiStyle),
    memoryEnabled: row!.memoryEnabled,
  };
}

export function aiSettingsView(s: AiSettingsRecord): AiSettingsView {
  return {
    chat_customization: s.chatCustomization,
    enable_search: s.enableSearch,
    enable_ai_custom: s.enableAiCustom,
    allow_new_chats: s.allowNewChats,
    ai_style: s.aiStyle,
    memory_enabled: s.memoryEnabled,
    custom_instruction_max_chars: CUSTOM_INSTRUCTION_MAX_CHARS,
  };
}

// ---- remembered facts ---------------------------------------------------------------------------------------------

export async function listMemories({ db, userId }: { db: Db; userId: string }) {
  return db
    .select()
    .from(userMemories)
    .where(eq(userMemories.userId, userId))
    .orderBy(asc(userMemories.createdAt), asc(userMemories.id));
}

export function memoryView(m: typeof userMemories.$inferSelect): MemoryFact {
  return { id: m.id, content: m.content, created_at: isoOrNull(m.createdAt) };
}

/**
 * Remembers a fact unless the user already holds `max` of them (checked in the same statement, so parallel adds
 * cannot overshoot). Returns the new row, or null when full.
 */
export async function addMemory({
  db,
  owner,
  userId,
  content,
  max,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  content: string;
  max: number;
}) {
  const id = crypto.randomUUID();
  const rows = await db.all<{ id: string }>(sql`
    INSERT INTO user_memories (id, user_id, content, created_at)
    SELECT ${id}, ${userId}, ${content}, ${Date.now()}
    WHERE (SELECT count(*) FROM user_memories WHERE user_id = ${userId}) < ${max}
    RETURNING id`);
  if (rows.length === 0) return null;
  await owner.settingsChanged();
  return db.query.userMemories.findFirst({ where: and(eq(userMemories.id, id), eq(userMemories.userId, userId)) });
}

export async function countMemories({ db, userId }: { db: Db; userId: string }) {
  const [row] = await db.select({ n: count() }).from(userMemories).where(eq(userMemories.userId, userId));
  return row?.n ?? 0;
}

/** Forgets one fact of this user; false when no such fact is theirs. */
export async function deleteMemory({
  db,
  owner,
  userId,
  id,
}: {
  db: Db;
  owner: StateOwner;
  userId: string;
  id: string;
}) {
  const rows = await db
    .delete(userMemories)
    .where(and(eq(userMemories.id, id), eq(userMemories.userId, userId)))
    .returning({ id: userMemories.id });
  if (rows.length === 0) return false;
  await owner.settingsChanged();
  return true;
}

export async function clearMemories({ db, owner, userId }: { db: Db; owner: StateOwner; userId: string }) {
  const rows = await db.delete(userMemories).where(eq(userMemories.userId, userId)).returning({ id: userMemories.id });
  await owner.settingsChanged();
  return rows.length;
}
