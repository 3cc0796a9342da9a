// The attachment limits, as data: the spec's client limits enforced again on the server, and the text budget that
// keeps what the model reads from attachments inside its context.

/** Files per upload call (the spec's "at most 10 files"). */
export const MAX_FILES = 10;
/** Bytes per file (the spec's 5 MB). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Bytes per upload call, all files together (the spec's 20 MB). */
export const MAX_TOTAL_BYTES = 20 * 1024 * 1024;
/** Multipart framing allowed on top of MAX_TOTAL_BYTES before the body is refused unread (boundaries, headers). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/**
 * Text kept from one file for the model, in characters (~5k tokens): enough for a long document's substance. Past it,
 * the text is cut and marked truncated.
 */
export const MAX_TEXT_CHARS_PER_FILE = 20_000;
/** Text from all the attachments of one question together, in characters (~15k tokens). */
export const MAX_TEXT_CHARS_PER_TURN = 60_000;
/** Longest file name kept, in characters. */
export const MAX_NAME_CHARS = 255;
