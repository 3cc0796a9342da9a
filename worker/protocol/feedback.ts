// Ratings of answers on the wire, declared once for the worker and the SPA: a user rates one version of an answer
// (a regenerated answer has its own message_id) thumbs up or down, with an optional reason for a thumbs down and a
// comment, changes it, or takes it back; the operator's usage figures count them per model.
//   PUT    /chat-sessions/{chatId}/messages/{messageId}/feedback  FeedbackPut → 200 { status, data: FeedbackItem }
//   DELETE /chat-sessions/{chatId}/messages/{messageId}/feedback              → 200 { status, data: { message_id } }
//   GET    /chat-sessions/{chatId}/feedback                                   → 200 { status, data: FeedbackMap }
// Another user's chat or message is a 404; a question (a user message) cannot be rated: 400.
// The SPA reads these answers with schemas made only of valibot functions it already ships (object, picklist,
// nullable, string, looseObject, pipe, check, is): valibot lives in the framework chunk every page loads, and a schema
// in a module the SPA imports is kept in its bundle even unused. The request's schema is the worker's alone:
// feedback-requests.ts.
import * as v from "valibot";

export const FEEDBACK_RATINGS = ["up", "down"] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
/** Why an answer was rated down; only a thumbs down carries one. */
export const FEEDBACK_REASONS = ["inaccurate", "unhelpful", "unsafe", "other"] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];
/** Longest comment, in characters. */
export const MAX_FEEDBACK_COMMENT_CHARS = 1_000;

/** The body of PUT …/feedback (checked by the worker with feedback-requests.ts). */
export interface FeedbackPut {
  rating: FeedbackRating;
  /** Only with a thumbs down. */
  reason?: FeedbackReason | null;
  /** Up to MAX_FEEDBACK_COMMENT_CHARS characters; blank is none. */
  comment?: string | null;
}

/** One message's rating as the API answers it. */
export const FeedbackEntrySchema = v.object({
  rating: v.picklist(FEEDBACK_RATINGS),
  reason: v.nullable(v.picklist(FEEDBACK_REASONS)),
  comment: v.nullable(v.string()),
});
export type FeedbackEntry = v.InferOutput<typeof FeedbackEntrySchema>;

/** PUT's answer: the rating stored. */
export type FeedbackItem = FeedbackEntry & { message_id: string };

/** DELETE's answer: the message whose rating is gone (or was never there). */
export const FeedbackRemovedSchema = v.object({ message_id: v.string() });

/**
 * GET's answer: the chat's rated messages, by message_id. Checked entry by entry (a valibot record would be one more
 * export of the framework chunk).
 */
export const FeedbackMapSchema = v.pipe(
  v.looseObject({}),
  v.check(
    (map) => Object.values(map).every((entry) => v.is(FeedbackEntrySchema, entry)),
    "every entry must be a rating",
  ),
) as unknown as v.GenericSchema<Record<string, FeedbackEntry>, Record<string, FeedbackEntry>>;
export type FeedbackMap = Record<string, FeedbackEntry>;
