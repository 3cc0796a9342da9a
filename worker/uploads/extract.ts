// The text a model reads from an attachment: text, code and structured files as they are (UTF-8), DOCX as the raw text
// of word/document.xml (docx-text.ts; mammoth was tried and crashes workerd, and raw text is all a model needs), PDF
// through pdf.js (pdf-text.ts); images have none (they go to models that take images as vision input). Each file's
// text is cut to MAX_TEXT_CHARS_PER_FILE and marked truncated. The readers stop once that budget is full and refuse
// (AppError 413/415) a file whose unpacking would exhaust the worker; an office file or PDF that cannot be read for any
// other reason is not an error: it is stored, and its text is empty with a reason.
import { AppError } from "../errors";
import { docxText } from "./docx-text";
import { MAX_TEXT_CHARS_PER_FILE } from "./limits";
import { normalizeText } from "./normalize-text";
import { pdfText } from "./pdf-text";
import type { SniffedType } from "./sniff";

export interface ExtractedText {
  text: string;
  /** The file had more text than MAX_TEXT_CHARS_PER_FILE (or `max`): `text` is its beginning. */
  truncated: boolean;
  /** Why no text could be read, when none was. */
  error?: string;
}

function cut(text: string, max: number): ExtractedText {
  const clean = normalizeText(text);
  if (clean.length <= max) return { text: clean, truncated: false };
  return { text: clean.slice(0, max), truncated: true };
}

export async function extractText(
  type: SniffedType,
  bytes: Uint8Array,
  name: string,
  max = MAX_TEXT_CHARS_PER_FILE,
): Promise<ExtractedText | null> {
  if (type.startsWith("image/")) return null;
  if (type === "text/plain") return cut(new TextDecoder().decode(bytes), max);
  try {
    return cut(type === "application/pdf" ? await pdfText(bytes, name, max) : await docxText(bytes, name, max), max);
  } catch (err) {
    if (err instanceof AppError) throw err;
    return { text: "", truncated: false, error: err instanceof Error ? err.message.slice(0, 200) : "unreadable" };
  }
}
