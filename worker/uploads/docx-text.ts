// The raw text of a DOCX body, read with bounded work: word/document.xml is inflated piece by piece and its text runs
// (w:t) collected as they arrive, tabs and breaks kept, one line per paragraph (w:p) — what mammoth's extractRawText
// gives, headers, footers and comments left out. Reading stops as soon as the text fills the file's budget (a long
// document keeps its beginning, marked truncated), so the work is bounded by what is kept. A body that is still going
// after MAX_DOCX_XML_BYTES of XML without filling the budget is refused with 413 (that is a "zip bomb": a 200 KB file
// can unpack to 200 MB of markup), and one that unpacks to more than its header declares is refused with 415.
import { AppError } from "../errors";
import { inflateBounded } from "./bounded-inflate";
import { MAX_DOCX_XML_BYTES } from "./limits";
import { normalizeText } from "./normalize-text";
import { findZipEntry } from "./zip-entry";

const MB = 1024 * 1024;
const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] !== "#") return XML_ENTITIES[e.toLowerCase()] ?? "";
    const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** Collects the text of WordprocessingML fed in arbitrary pieces (a tag or an entity may be split between two). */
class BodyText {
  text = "";
  private decoder = new TextDecoder();
  private pending = "";
  private inRun = false;

  push(bytes: Uint8Array, last = false) {
    const s = this.pending + this.decoder.decode(bytes, { stream: !last });
    let at = 0;
    for (;;) {
      const lt = s.indexOf("<", at);
      // Text is taken once the tag that ends it has begun, so an entity is never split.
      if (lt < 0) break;
      if (this.inRun) this.text += decodeXml(s.slice(at, lt));
      const gt = s.indexOf(">", lt);
      if (gt < 0) {
        at = lt;
        break;
      }
      const tag = s.slice(lt, gt + 1);
      if (/^<w:t[\s>]/.test(tag) && !tag.endsWith("/>")) this.inRun = true;
      else if (tag === "</w:t>") this.inRun = false;
      else if (/^<w:tab\b.*\/>$/s.test(tag)) this.text += "\t";
      else if (/^<w:(br|cr)\b.*\/>$/s.test(tag) || tag === "</w:p>") this.text += "\n";
      at = gt + 1;
    }
    // The rest (an unfinished tag, or text whose end has not arrived) waits for the next piece.
    this.pending = s.slice(at);
  }
}

/** The body's text (possibly longer than `max`: the caller cuts it), reading no more than the budget needs. */
export async function docxText(bytes: Uint8Array, name: string, max: number): Promise<string> {
  const entry = findZipEntry(bytes, "word/document.xml");
  if (!entry) throw new Error("word/document.xml is missing");
  const body = new BodyText();
  const full = () => normalizeText(body.text).length > max;
  if (entry.method === 0) {
    body.push(entry.data.subarray(0, MAX_DOCX_XML_BYTES), true);
    if (entry.data.length > MAX_DOCX_XML_BYTES && !full()) throw tooLarge(name);
    return body.text;
  }
  if (entry.method !== 8) throw new Error(`word/document.xml uses compression method ${entry.method}`);
  let read = 0;
  let lying = false;
  const outcome = await inflateBounded(entry.data, {
    raw: true,
    limit: MAX_DOCX_XML_BYTES,
    onChunk: (chunk) => {
      read += chunk.length;
      if (read > entry.declaredSize) {
        lying = true;
        return false;
      }
      body.push(chunk);
      return !(body.text.length > max && full());
    },
  });
  if (lying)
    throw new AppError(
      "unsupported_media_type",
      `File "${name}" is damaged: its document unpacks to more than its header declares`,
      { field: "files" },
    );
  if (outcome.overLimit) throw tooLarge(name);
  if (outcome.error) throw new Error(`word/document.xml is damaged (${outcome.error})`);
  body.push(new Uint8Array(0), true);
  return body.text;
}

function tooLarge(name: string) {
  return new AppError(
    "payload_too_large",
    `File "${name}" unpacks to more than ${MAX_DOCX_XML_BYTES / MB} MB of document markup`,
    { field: "files" },
  );
}
