// The API's two response envelopes, declared once for the worker (which writes them) and the SPA (which reads them):
//   the JSON API (/auth, /user-sessions, /chat-sessions, /payments, /prompts, /feeds, /affiliate, /api): success
//   {status:"success", data}, failure {status:"error", code, message} with the code's HTTP status (errors.ts);
//   the media API (/media-api/..., and its fallbacks /chat-messages/save and /chat/initialize) keeps its own success
//   shape, {success:true, data}, and its failures carry success:false beside the same error fields.
import * as v from "valibot";
import type { ErrorCode } from "./errors";

/** The JSON API's success envelope around `data`. */
export const successEnvelope = <S extends v.GenericSchema>(data: S) => v.object({ status: v.literal("success"), data });

/**
 * The code of a failure, typed as the closed set the worker answers with. Any text is taken as one (a check against
 * the set would put the whole table into every page's script): a code this client does not know yet (a newer worker)
 * equals none of those it handles, and its message falls back to the generic one.
 */
const ErrorCodeSchema = v.string() as v.GenericSchema<string, ErrorCode>;

/** The JSON API's failure envelope; codes add their own fields (invalid_input's field, quota_exhausted's model). */
export const ErrorEnvelopeSchema = v.looseObject({
  status: v.literal("error"),
  code: ErrorCodeSchema,
  /** English, for logs and API clients: the SPA shows the code's text in the user's language. */
  message: v.string(),
  /** The request field at fault (invalid_input). */
  field: v.optional(v.string()),
});
export type ErrorEnvelope = v.InferOutput<typeof ErrorEnvelopeSchema>;

/** The media API's success envelope around `data`. */
export const mediaSuccessEnvelope = <S extends v.GenericSchema>(data: S) =>
  v.object({ success: v.literal(true), data });

/** The media API's failure envelope: the JSON API's fields and success:false. */
export const MediaErrorEnvelopeSchema = v.looseObject({ ...ErrorEnvelopeSchema.entries, success: v.literal(false) });
export type MediaErrorEnvelope = v.InferOutput<typeof MediaErrorEnvelopeSchema>;
