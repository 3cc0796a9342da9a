// The dictionary of one PDF stream, read from the raw file the way pdf.js's lexer reads it, for pdf-guard.ts: names
// with their #xx escapes decoded, strings "(...)" (nested, with escapes), hex strings, comments, references ("12 0 R")
// and nested dictionaries and arrays skipped as values, so "/Subtype /Image" written inside a string is not taken for
// the entry. Only what the guard needs is kept: the stream's /Subtype and the names of its /Filter.

export interface StreamDict {
  subtype: string | null;
  filters: string[];
}

/** How far back from its "stream" keyword a stream's object header ("12 0 obj") is looked for, in bytes. */
const HEADER_WINDOW = 64 * 1024;
const DELIMITERS = "()<>[]{}/%";
const isSpace = (c: string | undefined) =>
  c === " " || c === "\n" || c === "\r" || c === "\t" || c === "\f" || c === "\0";

type Value = { name: string } | { names: string[] } | null;

class Lexer {
  constructor(
    private readonly text: string,
    public at: number,
    private readonly end: number,
  ) {}

  skipSpace() {
    while (this.at < this.end) {
      const c = this.text[this.at];
      if (isSpace(c)) this.at++;
      else if (c === "%")
        while (this.at < this.end && this.text[this.at] !== "\n" && this.text[this.at] !== "\r") this.at++;
      else break;
    }
  }

  peek(s: string): boolean {
    this.skipSpace();
    return this.text.startsWith(s, this.at);
  }

  name(): string {
    this.at++; // "/"
    let out = "";
    while (this.at < this.end) {
      const c = this.text[this.at]!;
      if (isSpace(c) || DELIMITERS.includes(c)) break;
      const hex = c === "#" ? this.text.slice(this.at + 1, this.at + 3) : "";
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.at += 3;
      } else {
        out += c;
        this.at++;
      }
    }
    return out;
  }

  /** Skips a value of any kind; answers a name's text, or the names of an array (what /Subtype and /Filter hold). */
  value(): Value {
    this.skipSpace();
    const c = this.text[this.at];
    if (c === "/") return { name: this.name() };
    if (this.text.startsWith("<<", this.at)) {
      this.dict(() => {});
      return null;
    }
    if (c === "[") {
      this.at++;
      const names: string[] = [];
      while (!this.peek("]")) {
        if (this.at >= this.end) throw new Error("unterminated array");
        const v = this.value();
        if (v && "name" in v) names.push(v.name);
      }
      this.at++;
      return { names };
    }
    if (c === "(") {
      let depth = 0;
      for (; this.at < this.end; this.at++) {
        const ch = this.text[this.at];
        if (ch === "\\") this.at++;
        else if (ch === "(") depth++;
        else if (ch === ")" && --depth === 0) break;
      }
      this.at++;
      return null;
    }
    if (c === "<") {
      // up to the dictionary's end only (and counted as read): an unclosed "<" is not followed through the whole file
      while (this.at < this.end && this.text[this.at] !== ">") this.at++;
      if (this.at >= this.end) throw new Error("unterminated hex string");
      this.at++;
      return null;
    }
    if (c === "{" || c === "}") {
      this.at++;
      return null;
    }
    // a number, a reference ("12 0 R") or a keyword (true, false, null)
    const token = /[^\s()<>[\]{}/%]+/y;
    token.lastIndex = this.at;
    const m = token.exec(this.text);
    if (!m || m.index >= this.end) throw new Error("unexpected character");
    this.at += m[0].length;
    const ref = /\s+\d+\s+R(?=[\s()<>[\]{}/%]|$)/y;
    ref.lastIndex = this.at;
    if (/^\d+$/.test(m[0]) && ref.exec(this.text)) this.at = ref.lastIndex;
    return null;
  }

  /** Reads "<< ... >>", handing each top-level key and its value to `entry`. */
  dict(entry: (key: string, value: Value) => void) {
    this.skipSpace();
    if (!this.text.startsWith("<<", this.at)) throw new Error("not a dictionary");
    this.at += 2;
    while (!this.peek(">>")) {
      if (this.at >= this.end || this.text[this.at] !== "/") throw new Error("expected a name");
      const key = this.name();
      entry(key, this.value());
    }
    this.at += 2;
  }
}

/** Where a PDF's "obj" keywords are, in order: all of them, and those after a "n g " object number (its headers). */
export interface ObjectIndex {
  objs: number[];
  headers: number[];
}

/** A header's "n g " before its "obj", within the 24 characters before it. */
const HEADER_NUMBERS = /\d+\s+\d+\s+$/;

/**
 * Finds every "obj" of `text` once, so each stream's lookup is a binary search: looking back from every "stream"
 * keyword for the nearest header read the file back to its start when it had none (a file of "stream" lines took
 * minutes at 1 MB).
 */
export function indexObjects(text: string): ObjectIndex {
  const index: ObjectIndex = { objs: [], headers: [] };
  for (let at = text.indexOf("obj"); at >= 0; at = text.indexOf("obj", at + 1)) {
    index.objs.push(at);
    if (HEADER_NUMBERS.test(text.slice(Math.max(0, at - 24), at))) index.headers.push(at);
  }
  return index;
}

/** The last of `sorted` at or before `at`, or -1. */
export function lastAtOrBefore(sorted: readonly number[], at: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= at) {
      found = sorted[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The dictionary of the stream whose "stream" keyword is at `keywordAt` in `text` (the file as Latin-1), or null when
 * no object header and well-formed dictionary lead up to it: the nearest header before the keyword, within
 * HEADER_WINDOW. `read` is told how many characters the dictionary's reading went through (streams after one header
 * each read from it again, so the caller bounds the total).
 */
export function readStreamDict(
  text: string,
  keywordAt: number,
  index: ObjectIndex,
  read: (chars: number) => void,
): StreamDict | null {
  const at = lastAtOrBefore(index.headers, keywordAt);
  if (at < 0 || at < keywordAt - HEADER_WINDOW) return null;
  const lexer = new Lexer(text, at + 3, keywordAt);
  try {
    const dict: StreamDict = { subtype: null, filters: [] };
    lexer.dict((key, value) => {
      if (key === "Subtype" && value && "name" in value) dict.subtype = value.name;
      if (key === "Filter" && value) dict.filters = "name" in value ? [value.name] : value.names;
    });
    lexer.skipSpace();
    return lexer.at === keywordAt ? dict : null;
  } catch {
    return null;
  } finally {
    read(lexer.at - at);
  }
}
