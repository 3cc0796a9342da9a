// The body of PUT /chat-sessions/{chatId}/messages/{messageId}/feedback, checked by the worker at its edge. Apart from
// feedback.ts, which the SPA imports: the functions this schema uses would be kept in the SPA's framework chunk.
import * as v from "valibot";
import { FEEDBACK_RATINGS, FEEDBACK_REASONS, type FeedbackPut, MAX_FEEDBACK_COMMENT_CHARS } from "./feedback";

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

/** What the schema answers is the body the SPA types (feedback.ts FeedbackPut): a type error here if the two part. */
type Is<T extends FeedbackPut> = T;
export type CheckedFeedbackPut = Is<v.InferOutput<typeof FeedbackPutSchema>>;
