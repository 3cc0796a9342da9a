// The D1 reads behind the user's hot state (hot-state.ts), each one batch — one round trip: loading the state once,
// re-reading the account after a change, and what a turn needs when the object does not hold it yet (a chat it has
// not seen, a day it has not counted, a message older than its window). The account, sessions and counters are in
// the main database; a chat and its messages are in the user's chat shard (worker/db/shards.ts), so a turn that needs
// both sends the two batches at once. Every query keeps the user in the WHERE.
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
import { shardOf, shardOfQuery } from "../../worker/db/shards";
import { HISTORY_MESSAGES } from "./chats";

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
    shardOfQuery(db, userId),
  ] as const;
}

/** accountQueries' results, in their order. */
type AccountRows = Awaited<ReturnType<typeof batchAccount>>;

function batchAccount(db: Db, userId: string) {
  return db.batch(accountQueries(db, userId));
}

/** The account from accountQueries' results. */
function accountOf([userRows, settingsRows, memoryRows, modelKeys, periodRows, shardRows]: AccountRows) {
  return {
    user: userRows[0],
    settings: settingsRows[0],
    memories: memoryRows.map((m) => m.content),
    modelKeys,
    periods: periodRows.map(toPremiumPeriod),
    shard: shardOf(shardRows),
  };
}

function dayQuery(db: Db, userId: string, day: string) {
  return db
    .select({ bucket: dailyUsage.bucket, count: dailyUsage.count })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day)));
}

/** Everything the object keeps about a user: the account (with the paid periods), active sessions and the day's counters. */
export async function readUserState(db: Db, userId: string, day: string) {
  const [userRows, settingsRows, memoryRows, modelKeys, periodRows, shardRows, sessionRows, usageRows] = await db.batch(
    [
      ...accountQueries(db, userId),
      db
        .select()
        .from(userSessions)
        .where(
          and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, Date.now())),
        ),
      dayQuery(db, userId, day),
    ],
  );
  return {
    ...accountOf([userRows, settingsRows, memoryRows, modelKeys, periodRows, shardRows]),
    sessions: sessionRows,
    usage: usageRows,
  };
}

/** The account part again, after a change to the plan, profile, AI settings or remembered facts. */
export async function readAccount(db: Db, userId: string) {
  return accountOf(await batchAccount(db, userId));
}

/**
 * What a turn needs that the object lacks: a chat (its status and last messages, oldest first) from the user's chat
 * shard and/or a day's counters from the main database, the two batches sent at once (one round trip's wait).
 */
export async function readForTurn(
  dbs: { main: Db; chats: Db },
  userId: string,
  need: { chatId: string | null; day: string | null },
) {
  const { main, chats } = dbs;
  const readChat = async (chatId: string) => {
    const [[chat], newestFirst] = await chats.batch([
      chats
        .select({
          id: chatSessions.id,
          status: chatSessions.status,
          persona: chatSessions.persona,
          projectId: chatSessions.projectId,
          systemPrompt: chatSessions.systemPrompt,
          temperature: chatSessions.temperature,
          maxTokens: chatSessions.maxTokens,
        })
        .from(chatSessions)
        .where(and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId)))
        .limit(1),
      chats
        .select(WINDOW_COLUMNS)
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId), eq(messages.onPath, true)))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(HISTORY_MESSAGES),
    ]);
    return { chat: chat ?? null, history: newestFirst.slice().reverse() };
  };
  const [chat, usage] = await Promise.all([
    need.chatId !== null ? readChat(need.chatId) : undefined,
    need.day !== null ? dayQuery(main, userId, need.day) : null,
  ]);
  return { chat: chat?.chat, history: chat?.history, usage };
}

/**
 * A message on the branch the chat shows and up to HISTORY_MESSAGES before it on that branch (oldest first), or null
 * when the branch has no such message.
 */
export async function readMessageWithHistory(chats: Db, userId: string, chatId: string, messageId: string) {
  const ofChat = and(eq(messages.chatId, chatId), eq(messages.userId, userId), eq(messages.onPath, true));
  const targetPosition = chats
    .select({ createdAt: messages.createdAt, id: messages.id })
    .from(messages)
    .where(and(ofChat, eq(messages.messageId, messageId)));
  const [found, earlier] = await chats.batch([
    chats
      .select(WINDOW_COLUMNS)
      .from(messages)
      .where(and(ofChat, eq(messages.messageId, messageId)))
      .limit(1),
    chats
      .select(WINDOW_COLUMNS)
      .from(messages)
      .where(and(ofChat, sql`(${messages.createdAt}, ${messages.id}) < (${targetPosition})`))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(HISTORY_MESSAGES),
  ]);
  const target = found[0];
  return target ? { target, before: earlier.slice().reverse() } : null;
}
