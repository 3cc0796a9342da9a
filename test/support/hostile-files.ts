// Hostile attachments built in the test, never committed as files: a deflate stream that unpacks a long run of one
// byte (a "zip bomb" body), a ZIP holding it as a DOCX's word/document.xml (with an honest or a lying declared size),
// and PDFs with absurd page or object counts or a content stream that unpacks to hundreds of MB.
//
// The run is coded by hand with deflate's fixed Huffman table: one literal, then matches of 258 bytes at distance 1,
// 13 bits each (8 for length code 285, 5 for distance code 0), so 200 MB of output takes ~1.3 MB of input and
// building it costs a few ms. Checksums (the ZIP's CRC-32, zlib's Adler-32) are left zero: a bounded reader stops
// long before the end where they would be checked, and neither jszip (by default) nor pdf.js checks them.

class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  private acc = 0;
  private bits = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  /** Writes `count` bits of `value`, least significant first (deflate's order for headers and extra bits). */
  write(value: number, count: number) {
    this.acc |= value << this.bits;
    this.bits += count;
    while (this.bits >= 8) {
      this.bytes[this.length++] = this.acc & 0xff;
      this.acc >>>= 8;
      this.bits -= 8;
    }
  }
  /** Writes a Huffman code, most significant bit first. */
  code(code: number, count: number) {
    let reversed = 0;
    for (let i = 0; i < count; i++) reversed |= ((code >> i) & 1) << (count - 1 - i);
    this.write(reversed, count);
  }
  finish(): Uint8Array {
    if (this.bits > 0) this.write(0, 8 - this.bits);
    return this.bytes.slice(0, this.length);
  }
}

/** The fixed Huffman code of a literal byte (RFC 1951 3.2.6). */
function literal(w: BitWriter, byte: number) {
  if (byte < 144) w.code(0x30 + byte, 8);
  else w.code(0x190 + byte - 144, 9);
}

/**
 * Raw deflate (one fixed-Huffman block) of `prefix`, then `runLength` copies of `runByte`, then `suffix`.
 * runLength is rounded down to 1 + a multiple of 258.
 */
export function deflateRun(prefix: string, runByte: number, runLength: number, suffix: string): Uint8Array {
  const matches = Math.max(0, Math.floor((runLength - 1) / 258));
  const w = new BitWriter(Math.ceil(((prefix.length + suffix.length + 1) * 9 + matches * 13) / 8) + 16);
  w.write(1, 1); // BFINAL
  w.write(1, 2); // BTYPE 01: fixed Huffman
  for (const b of new TextEncoder().encode(prefix)) literal(w, b);
  literal(w, runByte);
  for (let i = 0; i < matches; i++) {
    w.code(0xc5, 8); // length code 285: 258 bytes
    w.code(0, 5); // distance code 0: distance 1
  }
  for (const b of new TextEncoder().encode(suffix)) literal(w, b);
  w.code(0, 7); // end of block (256)
  return w.finish();
}

/** The number of bytes deflateRun(prefix, _, runLength, suffix) unpacks to. */
export function runOutputLength(prefix: string, runLength: number, suffix: string): number {
  return (
    new TextEncoder().encode(prefix).length +
    1 +
    Math.max(0, Math.floor((runLength - 1) / 258)) * 258 +
    new TextEncoder().encode(suffix).length
  );
}

interface ZipEntry {
  name: string;
  /** Raw deflate data (method 8), or the stored bytes (method 0). */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size written in the headers (a liar may write less than the truth). */
  declaredSize: number;
}

/** A ZIP archive of the entries, with local headers, a central directory and its end record (CRC-32s left zero). */
export function zipOf(entries: ZipEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, e.method, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.declaredSize, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const cd = new Uint8Array(46 + name.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, e.method, true);
    cv.setUint32(20, e.data.length, true);
    cv.setUint32(24, e.declaredSize, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    cd.set(name, 46);
    parts.push(local, e.data);
    central.push(cd);
    offset += local.length + e.data.length;
  }
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const DOCX_HEAD = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Mở đầu</w:t></w:r></w:p>`;
const DOCX_TAIL = "</w:body></w:document>";

/**
 * A DOCX whose word/document.xml unpacks to `xmlBytes` of XML, nearly all of it spaces between elements (no text).
 * `declaredSize` is what the headers claim (the truth by default).
 */
export function docxBomb(xmlBytes: number, declaredSize?: number): Uint8Array {
  const run = xmlBytes - new TextEncoder().encode(DOCX_HEAD + DOCX_TAIL).length;
  const data = deflateRun(DOCX_HEAD, 0x20, run, DOCX_TAIL);
  const truth = runOutputLength(DOCX_HEAD, run, DOCX_TAIL);
  const types = new TextEncoder().encode(
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
  );
  return zipOf([
    { name: "[Content_Types].xml", data: types, method: 0, declaredSize: types.length },
    { name: "word/document.xml", data, method: 8, declaredSize: declaredSize ?? truth },
  ]);
}

/** A PDF of the given objects (1-based, in order), with an exact xref table and a trailer (plus `trailerExtra`). */
export function pdfOf(objects: (string | Uint8Array)[], trailerExtra = ""): Uint8Array {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const push = (p: string | Uint8Array) => {
    const b = typeof p === "string" ? enc.encode(p) : p;
    chunks.push(b);
    length += b.length;
  };
  push("%PDF-1.4\n");
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    push(o);
    push("\nendobj\n");
  });
  const xref = length;
  push(
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`,
  );
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** `stream` bytes as a PDF stream object with the given extra dictionary entries. */
export function pdfStream(data: Uint8Array, dict = ""): Uint8Array {
  const head = new TextEncoder().encode(`<< /Length ${data.length} ${dict}>>\nstream\n`);
  const tail = new TextEncoder().encode("\nendstream");
  const out = new Uint8Array(head.length + data.length + tail.length);
  out.set(head);
  out.set(data, head.length);
  out.set(tail, head.length + data.length);
  return out;
}

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** A PDF of `pages` pages, each drawing `text(i)` (a real page tree: the count is the truth). */
export function pdfWithPages(pages: number, text: (i: number) => string): Uint8Array {
  // objects: 1 catalog, 2 pages, 3 font, then per page: page, content
  const objects: string[] = ["<< /Type /Catalog /Pages 2 0 R >>", "", FONT];
  const kids: string[] = [];
  for (let i = 0; i < pages; i++) {
    const page = objects.length + 1;
    const stream = `BT /F1 12 Tf 72 720 Td (${text(i)}) Tj ET`;
    kids.push(`${page} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${page + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`;
  return pdfOf(objects);
}

/** A one-page PDF whose content stream (FlateDecode) unpacks to `bytes` of spaces around one line of text. */
export function pdfFlateBomb(bytes: number): Uint8Array {
  const raw = deflateRun("BT /F1 12 Tf 72 720 Td (Bomb) Tj ET", 0x20, bytes, "\n");
  const zlib = new Uint8Array(2 + raw.length + 4);
  zlib.set([0x78, 0x01]);
  zlib.set(raw, 2);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    pdfStream(zlib, "/Filter /FlateDecode "),
    FONT,
  ]);
}
