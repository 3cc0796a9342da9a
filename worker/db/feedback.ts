// Ratings of answers (message_feedback, main database) and their counts in the operator's daily figures
// (usage_rollups.thumbs_up / thumbs_down). A rating and its count change in one batch, and every statement of the
// batch decides from the rating as stored when the batch runs (D1 runs a batch as one transaction), never from a read
// made before it: two PUTs of the same rating at once count it once, a changed rating moves its count from the stored
// day to today's, and a removed one takes it back; a reason or comment changed alone moves nothing. A deleted chat's
// ratings go with it, their counts taken back (deleteFeedbackOfChats).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FeedbackEntry, FeedbackMap, FeedbackRating, FeedbackReason } from "../protocol/feedback";
import type { Db } from "./client";
import { idGroups } from "./id-groups";
import { chatSessions, messageFeedback, messages, usageRollups } from "./schema";

/** The answer a rating is for, from the user's chat database; undefined when it is not theirs or not there. */
export async function ratedMessage({
  db,
  chatId,
  userId,
  messageId,
}: {
  db: Db;
  chatId: string;
  userId: string;
  messageId: string;
}) {
  const [row] = await db
    .select({
      sender: messages.sender,
      model: messages.model,
      endpoint: messages.endpoint,
      offline: messages.offline,
      isImageMode: messages.isImageMode,
    })
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.chatId))
    .where(
      and(
        eq(messages.chatId, chatId),
        eq(messages.userId, userId),
        eq(messages.messageId, messageId),
        eq(chatSessions.userId, userId),
        eq(chatSessions.status, "active"),
      ),
    )
    .limit(1);
  return row;
}

/** The stored rating of one message, for the statements below (the user in the WHERE). */
const stored = (chatId: string, messageId: string, userId: string) =>
  sql`SELECT day, model, provider, rating FROM message_feedback
      WHERE chat_id = ${chatId} AND message_id = ${messageId} AND user_id = ${userId}`;

/**
 * Takes the stored rating's count back from the day, model and provider it was counted on; nothing when none is
 * stored, or when it is `unless` (a rating put again). Written with drizzle's builders: drizzle's D1 batch cannot
 * bind the parameters of a raw db.run().
 */
function uncountStatement(db: Db, chatId: string, messageId: string, userId: string, unless?: FeedbackRating) {
  const old = stored(chatId, messageId, userId);
  return db
    .update(usageRollups)
    .set({
      thumbsUp: sql`${usageRollups.thumbsUp} - ((SELECT rating FROM (${old})) = 'up')`,
      thumbsDown: sql`${usageRollups.thumbsDown} - ((SELECT rating FROM (${old})) = 'down')`,
    })
    .where(
      sql`(${usageRollups.day}, ${usageRollups.model}, ${usageRollups.provider}) IN
        (SELECT day, model, provider FROM (${old}) ${unless ? sql`WHERE rating <> ${unless}` : sql``})`,
    );
}

/**
 * Counts a rating on `day` under the model and provider first stored for the message (else those given), unless it
 * is already the stored rating. The SELECT names every column of usage_rollups in the table's order (drizzle's
 * insert … select lists them all).
 */
function countStatement(db: Db, w: FeedbackWrite) {
  const old = stored(w.chatId, w.messageId, w.userId);
  const up = w.rating === "up" ? 1 : 0;
  return db
    .insert(usageRollups)
    .select(
      sql`SELECT ${w.day},
        coalesce((SELECT model FROM (${old})), ${w.model}),
        coalesce((SELECT provider FROM (${old})), ${w.provider}),
        0, 0, 0, 0, 0, 0, ${up}, ${1 - up}
      WHERE NOT EXISTS (SELECT 1 FROM (${old}) WHERE rating = ${w.rating})`,
    )
    .onConflictDoUpdate({
      target: [usageRollups.day, usageRollups.model, usageRollups.provider],
      set: {
        thumbsUp: sql`${usageRollups.thumbsUp} + excluded.thumbs_up`,
        thumbsDown: sql`${usageRollups.thumbsDown} + excluded.thumbs_down`,
      },
    });
}

export interface FeedbackWrite {
  chatId: string;
  messageId: string;
  userId: string;
  /** The model and provider the answer's turn was counted under (usage_rollups' key). */
  model: string;
  provider: string;
  /** Today's quota day, where a new or changed rating is counted. */
  day: string;
  rating: FeedbackRating;
  reason: FeedbackReason | null;
  comment: string | null;
}

/**
 * Stores a rating and counts it, in one batch: the old rating's count taken back when it differs, the new one's
 * added unless it is already the stored rating, then the row written (a changed rating takes today's day; the model
 * and provider stay those first stored). Answers the rating as stored.
 */
export async function putFeedback({ db, write: w }: { db: Db; write: FeedbackWrite }): Promise<FeedbackEntry> {
  const now = Date.now();
  const [, , [row]] = await db.batch([
    uncountStatement(db, w.chatId, w.messageId, w.userId, w.rating),
    countStatement(db, w),
    db
      .insert(messageFeedback)
      .values({
        chatId: w.chatId,
        messageId: w.messageId,
        userId: w.userId,
        model: w.model,
        provider: w.provider,
        day: w.day,
        rating: w.rating,
        reason: w.reason,
        comment: w.comment,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [messageFeedback.chatId, messageFeedback.messageId],
        set: {
          rating: w.rating,
          reason: w.reason,
          comment: w.comment,
          updatedAt: now,
          day: sql`CASE WHEN ${messageFeedback.rating} = excluded.rating THEN ${messageFeedback.day} ELSE excluded.day END`,
        },
        // never another user's row (the ids are checked against the user's chats before, this is the second lock)
        setWhere: eq(messageFeedback.userId, w.userId),
      })
      .returning({ rating: messageFeedback.rating, reason: messageFeedback.reason, comment: messageFeedback.comment }),
  ]);
  if (!row) throw new Error("the rating was not stored");
  return row;
}

/** Takes a rating back with its count, in one batch; answers whether there was one. */
export async function deleteFeedback({
  db,
  chatId,
  messageId,
  userId,
}: {
  db: Db;
  chatId: string;
  messageId: string;
  userId: string;
}): Promise<boolean> {
  const [, removed] = await db.batch([
    uncountStatement(db, chatId, messageId, userId),
    db
      .delete(messageFeedback)
      .where(
        and(
          eq(messageFeedback.chatId, chatId),
          eq(messageFeedback.messageId, messageId),
          eq(messageFeedback.userId, userId),
        ),
      )
      .returning({ messageId: messageFeedback.messageId }),
  ]);
  return removed.length > 0;
}

/** A chat's ratings by message_id (the user in the WHERE). */
export async function chatFeedback({ db, chatId, userId }: { db: Db; chatId: string; userId: string }) {
  const rows = await db
    .select({
      messageId: messageFeedback.messageId,
      rating: messageFeedback.rating,
      reason: messageFeedback.reason,
      comment: messageFeedback.comment,
    })
    .from(messageFeedback)
    .where(and(eq(messageFeedback.chatId, chatId), eq(messageFeedback.userId, userId)));
  const map: FeedbackMap = {};
  for (const { messageId, ...entry } of rows) map[messageId] = entry;
  return map;
}

/**
 * The statements taking back the ratings of some chats of the user (null: all their chats) with their counts: the
 * ratings summed per day, model and provider are subtracted from those usage_rollups rows, then deleted, both from
 * the rows as stored when the batch runs.
 */
function deleteChatsFeedbackStatements(db: Db, userId: string, chatIds: string[] | null) {
  const ofChats = and(
    eq(messageFeedback.userId, userId),
    chatIds === null ? undefined : inArray(messageFeedback.chatId, chatIds),
  );
  const rated = db
    .select({
      day: messageFeedback.day,
      model: messageFeedback.model,
      provider: messageFeedback.provider,
      up: sql<number>`sum(${messageFeedback.rating} = 'up')`.as("up"),
      down: sql<number>`sum(${messageFeedback.rating} = 'down')`.as("down"),
    })
    .from(messageFeedback)
    .where(ofChats)
    .groupBy(messageFeedback.day, messageFeedback.model, messageFeedback.provider)
    .as("rated");
  return [
    db
      .update(usageRollups)
      .set({
        thumbsUp: sql`${usageRollups.thumbsUp} - ${rated.up}`,
        thumbsDown: sql`${usageRollups.thumbsDown} - ${rated.down}`,
      })
      .from(rated)
      .where(
        and(
          eq(usageRollups.day, rated.day),
          eq(usageRollups.model, rated.model),
          eq(usageRollups.provider, rated.provider),
        ),
      ),
    db.delete(messageFeedback).where(ofChats),
  ] as const;
}

/**
 * Takes back the ratings of deleted chats of the user (`chatIds`; null: every chat of the user's, as "clear
 * conversations" deletes them all) with their counts, all in one batch however many chats. `db` is the main
 * database, where message_feedback is, whichever chat database held the chats.
 */
export async function deleteFeedbackOfChats({
  db,
  userId,
  chatIds,
}: {
  db: Db;
  userId: string;
  chatIds: string[] | null;
}): Promise<void> {
  const groups = chatIds === null ? [null] : idGroups(chatIds);
  const [first, ...rest] = groups.flatMap((ids) => deleteChatsFeedbackStatements(db, userId, ids));
  if (first) await db.batch([first, ...rest]);
}
