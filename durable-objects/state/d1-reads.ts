// The D1 reads behind the user's hot state (hot-state.ts), each one batch — one round trip: loading the state once,
// re-reading the account after a change, and what a turn needs when the object does not hold it yet (a chat it has
// not seen, a day it has not counted, a message older than its window). Every query keeps the user in the WHERE.
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  aiSettings,
  chatSessions,
  dailyUsage,
  messages,
  userMemories,
  userSessions,
  users,
} from "../../worker/db/schema";
import { sealedModelKeysQuery } from "../../worker/db/model-keys";
import { premiumPeriodsQuery, toPremiumPeriod } from "../../worker/db/payments";
import type { Db } from "../../worker/db/client";
import { HISTORY_MESSAGES } from "./chats";

interface WindowRow {
  messageId: string;
  sender: "user" | "bot";
  message: string;
  original: string | null;
}

/** A message as the window keeps it. */
const WINDOW_COLUMNS = {
  messageId: messages.messageId,
  sender: messages.sender,
  message: messages.message,
  original: messages.originalMessage,
};

function accountQueries(db: Db, userId: string) {
  return [
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db.select().from(aiSettings).where(eq(aiSettings.userId, userId)).limit(1),
    db
      .select({ content: userMemories.content })
      .from(userMemories)
      .where(eq(userMemories.userId, userId))
      .orderBy(asc(userMemories.createdAt)),
    sealedModelKeysQuery(db, userId),
    premiumPeriodsQuery(db, userId),
  ] as const;
}

function dayQuery(db: Db, userId: string, day: string) {
  return db
    .select({ bucket: dailyUsage.bucket, count: dailyUsage.count })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day)));
}

/** Everything the object keeps about a user: the account (with the paid periods), active sessions and the day's counters. */
export async function readUserState(db: Db, userId: string, day: string) {
  const [userRows, settingsRows, memoryRows, modelKeys, periodRows, sessionRows, usageRows] = await db.batch([
    ...accountQueries(db, userId),
    db
      .select()
      .from(userSessions)
      .where(
        and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, Date.now())),
      ),
    dayQuery(db, userId, day),
  ]);
  return {
    user: userRows[0],
    settings: settingsRows[0],
    memories: memoryRows.map((m) => m.content),
    modelKeys,
    periods: periodRows.map(toPremiumPeriod),
    sessions: sessionRows,
    usage: usageRows,
  };
}

/** The account part again, after a change to the plan, profile, AI settings or remembered facts. */
export async function readAccount(db: Db, userId: string) {
  const [userRows, settingsRows, memoryRows, modelKeys, periodRows] = await db.batch(accountQueries(db, userId));
  return {
    user: userRows[0],
    settings: settingsRows[0],
    memories: memoryRows.map((m) => m.content),
    modelKeys,
    periods: periodRows.map(toPremiumPeriod),
  };
}

/** What a turn needs that the object lacks: a chat (its status and last messages, oldest first) and/or a day. */
export async function readForTurn(db: Db, userId: string, need: { chatId: string | null; day: string | null }) {
  const chatQueries = (chatId: string) =>
    [
      db
        .select({ id: chatSessions.id, status: chatSessions.status, persona: chatSessions.persona })
        .from(chatSessions)
        .where(and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId)))
        .limit(1),
      db
        .select(WINDOW_COLUMNS)
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId)))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(HISTORY_MESSAGES),
    ] as const;
  const chatOf = ([chat]: { id: string; status: string; persona: string | null }[], newestFirst: WindowRow[]) => ({
    chat: chat ?? null,
    history: newestFirst.slice().reverse(),
  });
  if (need.chatId !== null && need.day !== null) {
    const [chat, history, usage] = await db.batch([...chatQueries(need.chatId), dayQuery(db, userId, need.day)]);
    return { ...chatOf(chat, history), usage };
  }
  if (need.chatId !== null) {
    const [chat, history] = await db.batch(chatQueries(need.chatId));
    return { ...chatOf(chat, history), usage: null };
  }
  if (need.day !== null) return { chat: undefined, history: undefined, usage: await dayQuery(db, userId, need.day) };
  return { chat: undefined, history: undefined, usage: null };
}

/** A message of a chat and up to HISTORY_MESSAGES before it (oldest first), or null when the chat has no such message. */
export async function readMessageWithHistory(db: Db, userId: string, chatId: string, messageId: string) {
  const ofChat = and(eq(messages.chatId, chatId), eq(messages.userId, userId));
  const targetPosition = db
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(ofChat, eq(messages.messageId, messageId)));
  const [found, earlier] = await db.batch([
    db
      .select(WINDOW_COLUMNS)
      .from(messages)
      .where(and(ofChat, eq(messages.messageId, messageId)))
      .limit(1),
    db
      .select(WINDOW_COLUMNS)
      .from(messages)
      .where(and(ofChat, sql`(${messages.createdAt}, ${messages.id}) < (${targetPosition})`))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(HISTORY_MESSAGES),
  ]);
  const target = found[0];
  return target ? { target, before: earlier.slice().reverse() } : null;
}
