// Ratings of answers on the wire, declared once for the worker and the SPA: a user rates one version of an answer
// (a regenerated answer has its own message_id) thumbs up or down, with an optional reason for a thumbs down and a
// comment, changes it, or takes it back; the operator's usage figures count them per model.
//   PUT    /chat-sessions/{chatId}/messages/{messageId}/feedback  FeedbackPut → 200 { status, data: FeedbackItem }
//   DELETE /chat-sessions/{chatId}/messages/{messageId}/feedback              → 200 { status, data: { message_id } }
//   GET    /chat-sessions/{chatId}/feedback                                   → 200 { status, data: FeedbackMap }
// Another user's chat or message is a 404; a question (a user message) cannot be rated: 400.
// The SPA reads these answers with schemas made only of valibot functions it already ships (object, picklist,
// nullable, string, looseObject, pipe, check, is): valibot lives in the framework chunk every page loads.
import * as v from "valibot";

export const FEEDBACK_RATINGS = ["up", "down"] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
/** Why an answer was rated down; only a thumbs down carries one. */
export const FEEDBACK_REASONS = ["inaccurate", "unhelpful", "unsafe", "other"] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];
/** Longest comment, in characters. */
export const MAX_FEEDBACK_COMMENT_CHARS = 1_000;

/** The body of PUT …/feedback: the rating, and for a thumbs down a reason; a comment either way (blank: none). */
export const FeedbackPutSchema = v.pipe(
  v.strictObject({
    rating: v.picklist(FEEDBACK_RATINGS, "rating must be up or down"),
    reason: v.optional(
      v.nullable(v.picklist(FEEDBACK_REASONS, `reason must be one of ${FEEDBACK_REASONS.join(", ")}`)),
    ),
    comment: v.optional(
      v.nullable(
        v.pipe(
          v.string("comment must be text"),
          v.trim(),
          v.maxLength(MAX_FEEDBACK_COMMENT_CHARS, `comment must be at most ${MAX_FEEDBACK_COMMENT_CHARS} characters`),
        ),
      ),
    ),
  }),
  v.forward(
    v.check((body) => body.rating === "down" || !body.reason, "reason is for a thumbs down only"),
    ["reason"],
  ),
);
export type FeedbackPut = v.InferInput<typeof FeedbackPutSchema>;

/** One message's rating as the API answers it. */
export const FeedbackEntrySchema = v.object({
  rating: v.picklist(FEEDBACK_RATINGS),
  reason: v.nullable(v.picklist(FEEDBACK_REASONS)),
  comment: v.nullable(v.string()),
});
export type FeedbackEntry = v.InferOutput<typeof FeedbackEntrySchema>;

/** PUT's answer: the rating stored. */
export type FeedbackItem = FeedbackEntry & { message_id: string };

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
