// The text a model reads from an attachment: text, code and structured files as they are (UTF-8), DOCX as the raw text
// of word/document.xml (unzipped with jszip; mammoth was tried and crashes workerd, and raw text is all a model needs),
// PDF through unpdf (pdf.js built for serverless runtimes); images have none (they go to models that take images as
// vision input). Each file's text is cut to MAX_TEXT_CHARS_PER_FILE and marked truncated. An
// office file or PDF that cannot be read is not an error: it is stored, and its text is empty with a reason.
import { MAX_TEXT_CHARS_PER_FILE } from "./limits";
import type { SniffedType } from "./sniff";

export interface ExtractedText {
  text: string;
  /** The file had more text than MAX_TEXT_CHARS_PER_FILE (or `max`): `text` is its beginning. */
  truncated: boolean;
  /** Why no text could be read, when none was. */
  error?: string;
}

function cut(text: string, max: number): ExtractedText {
  const clean = text.replace(/\r\n?/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
  if (clean.length <= max) return { text: clean, truncated: false };
  return { text: clean.slice(0, max), truncated: true };
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] !== "#") return XML_ENTITIES[e.toLowerCase()] ?? "";
    const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/**
 * The raw text of a DOCX body: the text runs (w:t) in order, tabs and breaks kept, one line per paragraph (w:p) —
 * what mammoth's extractRawText gives. Headers, footers and comments are left out.
 */
async function docxText(bytes: Uint8Array): Promise<string> {
  const { default: JSZip } = await import("jszip");
  const zip = await JSZip.loadAsync(bytes);
  const document = zip.file("word/document.xml");
  if (!document) throw new Error("word/document.xml is missing");
  const xml = await document.async("string");
  let out = "";
  for (const m of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|br|cr)\b[^>]*\/>|<\/w:p>/g)) {
    if (m[1] !== undefined) out += decodeXml(m[1]);
    else if (m[2] === "tab") out += "\t";
    else out += "\n";
  }
  return out;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return Array.isArray(text) ? text.join("\n\n") : text;
}

export async function extractText(type: SniffedType, bytes: Uint8Array, max = MAX_TEXT_CHARS_PER_FILE): Promise<ExtractedText | null> {
  if (type.startsWith("image/")) return null;
  if (type === "text/plain") return cut(new TextDecoder().decode(bytes), max);
  try {
    return cut(type === "application/pdf" ? await pdfText(bytes) : await docxText(bytes), max);
  } catch (err) {
    return { text: "", truncated: false, error: err instanceof Error ? err.message.slice(0, 200) : "unreadable" };
  }
}
