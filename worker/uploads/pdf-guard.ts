// What a PDF would make pdf.js do, measured before pdf.js sees it: a 5 MB PDF can declare millions of objects (pdf.js
// builds one cross-reference entry per declared object, with no bytes behind them when the entry width is 0) or hold
// a content stream that unpacks to gigabytes (pdf.js inflates a stream whole into one growing buffer). So:
// - the objects it declares (the trailer's or cross-reference stream's /Size and /Index, the /N of each object
//   stream, the "n g obj" headers) are counted, and more than MAX_PDF_OBJECTS is refused with 413;
// - every stream is inflated as pdf.js would (FlateDecode, the filter PDF producers use) and the bytes it actually
//   produces are counted, with no trust in /Length or /Filter (wherever "stream" is followed by zlib data, that data
//   is inflated until it ends); streams found inside unpacked streams (object streams) and zlib data inside unpacked
//   data (FlateDecode twice) are counted too. More than MAX_PDF_DECODED_BYTES for all the streams other than images
//   together, or for any image alone, is refused with 413, and so is more than MAX_PDF_IMAGE_BYTES of images in all
//   (pdf.js reads no image to extract text, but an image's data could be used as a page's content);
// - a stream that names LZW, RunLength or an ASCII encoding as its filter (which could hide unpacking that is not
//   counted here) is refused with 415, unless it is an image;
// - an encrypted PDF's streams cannot be measured without decrypting them, so it is reported, and its text is not read;
// - reading the streams' dictionaries is bounded too (DICT_READS): a file of "stream" keywords that would each read the
//   same dictionary again is refused with 413.
// Names are compared after their #xx escapes are decoded, as pdf.js reads them (pdf-dict.ts reads a stream's entries).
import { Inflate } from "pako";
import { AppError } from "../errors";
import { nextTask } from "../lib/next-task";
import { MAX_PDF_DECODED_BYTES, MAX_PDF_IMAGE_BYTES, MAX_PDF_OBJECTS } from "./limits";
import { indexObjects, lastAtOrBefore, readStreamDict } from "./pdf-dict";

const MB = 1024 * 1024;
/** Compressed bytes given to an inflater at a time, so one step produces at most ~1 MB. */
const SLICE_BYTES = 1024;
/** Raw bytes scanned between two yields to the event loop. */
const SCAN_STEP_BYTES = 64 * 1024;
/** How deep unpacked data is searched for more packed data (object stream > stream > FlateDecode twice). */
const MAX_DEPTH = 3;
/** How far back from an unreadable stream dictionary's "stream" keyword its filter names are looked for, in bytes. */
const DICT_WINDOW = 4096;
/**
 * How many times over, at most, the streams' dictionaries may read the file (plus 1 MB): a real PDF reads each once,
 * from its object header to its "stream"; a file of many "stream" keywords after one header (or none) read the same
 * kilobytes again for each, for minutes, and is refused instead.
 */
const DICT_READS = 8;
/** Filters whose unpacking is not measured here. */
const NOT_MEASURED = new Set([
  "LZWDecode",
  "LZW",
  "RunLengthDecode",
  "RL",
  "ASCIIHexDecode",
  "AHx",
  "ASCII85Decode",
  "A85",
]);

export interface PdfCheck {
  encrypted: boolean;
}

/** Bytes counted against a limit; `what` names it in the refusal. */
class Budget {
  used = 0;
  constructor(
    readonly limit: number,
    readonly what: string,
  ) {}
}

/** The budgets of the scan, how much input the inflaters were given (every byte of it is work too), and the first refusal. */
class Work {
  readonly content = new Budget(MAX_PDF_DECODED_BYTES, "");
  readonly images = new Budget(MAX_PDF_IMAGE_BYTES, " of images");
  fed = 0;
  /** Characters read to find the streams' dictionaries: streams after one header each read from it again. */
  read = 0;
  refusal: AppError | null = null;
  constructor(
    private readonly name: string,
    private readonly maxFed: number,
    private readonly maxRead: number,
  ) {}
  get stopped() {
    return this.refusal !== null;
  }
  count(budgets: Budget[], bytes: number) {
    for (const b of budgets) {
      b.used += bytes;
      if (b.used > b.limit) this.refuse(`unpacks to more than ${b.limit / MB} MB${b.what}`);
    }
  }
  feed(bytes: number) {
    this.fed += bytes;
    if (this.fed > this.maxFed) this.refuse("has streams that overlap too much to be read");
  }
  readDicts(chars: number) {
    this.read += chars;
    if (this.read > this.maxRead) this.refuse("has stream dictionaries that overlap too much to be read");
  }
  refuse(reason: string, code: "payload_too_large" | "unsupported_media_type" = "payload_too_large") {
    this.refusal ??= new AppError(code, `File "${this.name}" ${reason}`, { field: "files" });
  }
}

/** PDF text with the #xx escapes of names decoded (and any other "#xx": this is for searching only). */
const unescapeNames = (s: string) =>
  s.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function latin1(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/** True when the bytes begin like zlib data (RFC 1950: deflate, a valid check, no preset dictionary). */
function looksLikeZlib(b: Uint8Array): boolean {
  if (b.length < 2) return b.length === 1 ? (b[0]! & 0x0f) === 8 : true;
  const cmf = b[0]!;
  const flg = b[1]!;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0 && !(flg & 0x20);
}

/** One zlib stream being inflated: its output is counted against its budgets and searched for more packed data. */
class PackedStream {
  private inflater = new Inflate({ chunkSize: 64 * 1024 });
  private inner: Watcher | null;
  constructor(
    private work: Work,
    depth: number,
    budgets: Budget[],
  ) {
    this.inner = depth < MAX_DEPTH ? new Watcher(work, depth + 1, budgets) : null;
    this.inflater.onData = (chunk) => {
      work.count(budgets, chunk.length);
      if (!work.stopped) this.inner?.push(chunk);
    };
    this.inflater.onEnd = () => {};
  }
  get live() {
    return !this.inflater.ended && !this.work.stopped;
  }
  push(bytes: Uint8Array) {
    for (let at = 0; at < bytes.length && this.live; at += SLICE_BYTES) {
      const slice = bytes.subarray(at, at + SLICE_BYTES);
      this.work.feed(slice.length);
      this.inflater.push(slice, false);
    }
  }
}

const STREAM = [0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "stream"
const S = 0x73;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Watches bytes go by (the file, or what a stream unpacked to) and inflates from wherever a stream's data begins
 * ("stream" and its end of line: CRLF, LF or CR) and, inside unpacked data, from its very start, when zlib data begins
 * there. The search is on bytes (an unpacked run of spaces is skipped by one indexOf). In the file itself, each
 * stream's dictionary says which budgets it counts against (`budgetsAt`); inside unpacked data, its parent's do.
 */
class Watcher {
  private streams: PackedStream[] = [];
  /** The previous chunk's last bytes, so a keyword split between two chunks is found. */
  private carry = new Uint8Array(0);
  private started = false;
  /** Where the next chunk begins in what this watcher sees. */
  private offset = 0;
  constructor(
    private work: Work,
    private depth: number,
    private budgets: Budget[],
    private budgetsAt?: (keywordAt: number) => Budget[],
  ) {}

  push(chunk: Uint8Array) {
    for (const s of this.streams) s.push(chunk);
    if (!this.started && this.depth > 0) this.start(chunk, this.budgets);
    this.started = true;
    const carry = this.carry;
    // Positions are relative to the chunk; negative ones are in the carry.
    const at = (i: number) => (i < 0 ? carry[carry.length + i] : chunk[i]);
    const found = (p: number) => {
      for (let k = 1; k < STREAM.length; k++) if (at(p + k) !== STREAM[k]) return;
      // "endstream" ends a stream's data; nothing begins there.
      if (at(p - 3) === 0x65 && at(p - 2) === 0x6e && at(p - 1) === 0x64) return;
      const eol = p + STREAM.length;
      // The end of line is not all here yet: the next chunk finds this keyword again in its carry.
      if (eol >= chunk.length || (at(eol) === CR && eol + 1 >= chunk.length)) return;
      const dataStart = at(eol) === LF ? eol + 1 : at(eol) !== CR ? -1 : at(eol + 1) === LF ? eol + 2 : eol + 1;
      // dataStart 0..length-1: the data begins in this chunk (one that began in an earlier chunk was started there).
      if (dataStart >= 0 && dataStart < chunk.length) {
        this.start(chunk.subarray(dataStart), this.budgetsAt?.(this.offset + p) ?? this.budgets);
      }
    };
    for (let p = -carry.length; p < 0; p++) if (at(p) === S) found(p);
    for (let p = chunk.indexOf(S); p >= 0; p = chunk.indexOf(S, p + 1)) found(p);
    const tail = new Uint8Array(Math.min(8, carry.length + chunk.length));
    for (let i = 0; i < tail.length; i++) tail[i] = at(chunk.length - tail.length + i)!;
    this.carry = tail;
    this.offset += chunk.length;
    this.streams = this.streams.filter((s) => s.live);
  }

  private start(bytes: Uint8Array, budgets: Budget[]) {
    if (!looksLikeZlib(bytes) || this.work.stopped) return;
    const s = new PackedStream(this.work, this.depth, budgets);
    s.push(bytes);
    if (s.live) this.streams.push(s);
  }
}

/** Counts what the PDF declares and what its streams unpack to; throws 413/415 past the limits. */
export async function checkPdf(bytes: Uint8Array, name: string): Promise<PdfCheck> {
  const raw = latin1(bytes);
  // Names as pdf.js reads them (#xx escapes decoded); only used for searching, never for offsets into `bytes`.
  const text = unescapeNames(raw);

  const indirectInts = new Map<string, number>();
  // (?<!\d): a match starts where a run of digits starts, so it is tried once per run, not at each of its digits (a
  // long run of digits made these scans quadratic: 17 s for 80 kB of digits)
  for (const m of text.matchAll(/(?<!\d)(\d+)\s+(\d+)\s+obj\s*(\d+)\s*endobj/g))
    indirectInts.set(`${m[1]} ${m[2]}`, Number(m[3]));
  const intValue = (direct: string | undefined, ref: string | undefined) =>
    direct !== undefined ? Number(direct) : (indirectInts.get(ref ?? "") ?? 0);

  let declared = 0;
  for (const m of text.matchAll(/\/Size\s+(?:(\d+)\s+(\d+)\s+R|(\d+))/g))
    declared = Math.max(declared, intValue(m[3], m[1] ? `${m[1]} ${m[2]}` : undefined));
  for (const m of text.matchAll(/\/Index\s*\[([\d\s]*)\]/g)) {
    const n = m[1]!.trim().split(/\s+/).map(Number);
    let sum = 0;
    for (let i = 1; i < n.length; i += 2) sum += n[i]!;
    declared = Math.max(declared, sum);
  }
  let objects = (text.match(/(?<!\d)\d+\s+\d+\s+obj\b/g) ?? []).length;
  for (const m of text.matchAll(/\/N\s+(?:(\d+)\s+(\d+)\s+R|(\d+))/g))
    objects += intValue(m[3], m[1] ? `${m[1]} ${m[2]}` : undefined);
  if (Math.max(declared, objects) > MAX_PDF_OBJECTS) {
    throw new AppError(
      "payload_too_large",
      `File "${name}" declares more than ${MAX_PDF_OBJECTS.toLocaleString("en")} objects`,
      { field: "files" },
    );
  }

  // Every input byte may be read by a few overlapping inflaters ("endstream" also contains "stream"), and by a few
  // streams' dictionaries, not more.
  const work = new Work(name, 4 * bytes.length + MB, DICT_READS * bytes.length + MB);
  const objectIndex = indexObjects(raw);
  const budgetsAt = (keywordAt: number): Budget[] => {
    if (work.stopped) return [work.content];
    const dict = readStreamDict(raw, keywordAt, objectIndex, (chars) => work.readDicts(chars));
    const image = dict?.subtype === "Image";
    let filters: string[] = dict ? dict.filters : [];
    if (!dict) {
      // A dictionary this reader cannot follow is judged by the names between its object header and the keyword (when
      // no earlier stream's data lies between them): pdf.js might still read it.
      const from = Math.max(0, lastAtOrBefore(objectIndex.objs, keywordAt), keywordAt - DICT_WINDOW);
      work.readDicts(keywordAt - from);
      const near = unescapeNames(raw.slice(from, keywordAt));
      filters = near.includes("stream") ? [] : (near.match(/\/\w+/g) ?? []).map((n) => n.slice(1));
    }
    if (!image && filters.some((f) => NOT_MEASURED.has(f))) {
      work.refuse(
        "uses a compression Mây does not read (LZW, RunLength or ASCII-encoded streams)",
        "unsupported_media_type",
      );
    }
    return image ? [new Budget(MAX_PDF_DECODED_BYTES, " for one image"), work.images] : [work.content];
  };
  const watcher = new Watcher(work, 0, [work.content], budgetsAt);
  for (let at = 0; at < bytes.length && !work.stopped; at += SCAN_STEP_BYTES) {
    watcher.push(bytes.subarray(at, at + SCAN_STEP_BYTES));
    await nextTask();
  }
  if (work.refusal) throw work.refusal;
  return { encrypted: /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text) };
}
