// The attachment limits, as data: the limits a client checks before uploading, enforced again on the server, and the
// text budget that keeps what the model reads from attachments inside its context.

/** Files per upload call, bytes per file and all files together: the client's limits too (the wire contract's). */
export { MAX_FILES, MAX_FILE_BYTES, MAX_TOTAL_BYTES } from "../protocol/uploads";
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

/**
 * Bytes of a DOCX body's XML (word/document.xml) inflated at most, counted on the bytes actually produced: the text
 * budget of a real document fills long before (a page is ~3–10 kB of XML for ~2,000 characters), while a "zip bomb"
 * (a 200 kB file of 200 MB of markup) is refused with 413 here instead of being unpacked.
 */
export const MAX_DOCX_XML_BYTES = 2 * 1024 * 1024;
/** Pages of a PDF: more is refused with 413 (a 5 MB file of more pages is machine-made, and each costs pdf.js work). */
export const MAX_PDF_PAGES = 2_000;
/**
 * Objects a PDF may declare or hold: more is refused with 413 (pdf.js builds an entry for each declared object, even
 * with no bytes behind it; real 5 MB documents hold a few thousand).
 */
export const MAX_PDF_OBJECTS = 100_000;
/**
 * Bytes a PDF's streams other than images may unpack to together (and each image alone), counted as they are
 * inflated: more is refused with 413. Real documents of 5 MB unpack to a few tens of MB at most (text compresses
 * ~5:1); a stream that unpacks to gigabytes would exhaust the worker's 128 MB.
 */
export const MAX_PDF_DECODED_BYTES = 32 * 1024 * 1024;
/**
 * Bytes all of a PDF's images may unpack to together, counted as they are inflated: more is refused with 413. pdf.js
 * reads no image to extract text, so images get more room than the other streams (a 5 MB deck of screenshots unpacks
 * to ~100 MB); each image alone still stays within MAX_PDF_DECODED_BYTES, in case its data is used as page content.
 */
export const MAX_PDF_IMAGE_BYTES = 256 * 1024 * 1024;
