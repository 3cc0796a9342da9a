// A small PNG encoder and reader for the offline image model: 8-bit RGB, one filter per row, the pixel data
// compressed by the platform's CompressionStream("deflate") (zlib format, which is what PNG's IDAT holds), chunks
// closed by CRC-32. Workers and Node 20 both have CompressionStream, so no dependency is needed; a text chunk
// carries the drawing's seed so an edit can draw a variant of the same picture.

/** PNG's 8-byte signature. */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as PNG uses it) of the bytes. */
export function crc32(bytes: Uint8Array, crc = 0xffffffff): number {
  let c = crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Encodes width×height RGB pixels (3 bytes each, rows top to bottom) as a PNG. Each row uses the Sub filter
 * (the difference to the pixel on its left), which makes smooth gradients compress to a few bytes per row.
 * `text` becomes tEXt chunks (Latin-1 keys and values).
 */
export async function encodePng(
  width: number,
  height: number,
  rgb: Uint8Array,
  text: Record<string, string> = {},
): Promise<Uint8Array> {
  if (rgb.length !== width * height * 3) throw new RangeError("pixel data does not match the size");
  const stride = width * 3;
  const filtered = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const out = y * (stride + 1);
    filtered[out] = 1; // Sub
    for (let x = 0; x < stride; x++) {
      const left = x >= 3 ? rgb[row + x - 3]! : 0;
      filtered[out + 1 + x] = (rgb[row + x]! - left) & 0xff;
    }
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour RGB, deflate, adaptive filtering, no interlace
  const texts = Object.entries(text).map(([k, v]) => chunk("tEXt", new TextEncoder().encode(`${k}\0${v}`)));
  return concat([
    PNG_SIGNATURE,
    chunk("IHDR", ihdr),
    ...texts,
    chunk("IDAT", await deflate(filtered)),
    chunk("IEND", new Uint8Array()),
  ]);
}

export interface PngChunk {
  type: string;
  data: Uint8Array;
  /** Whether the stored CRC matches the chunk's type and data. */
  crcOk: boolean;
}

/** The chunks of a PNG, in order, or null when the bytes are not a well-formed PNG container. */
export function readPngChunks(bytes: Uint8Array): PngChunk[] | null {
  if (bytes.length < 8 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    if (at + 12 + length > bytes.length) return null;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    const crcOk = crc32(bytes.subarray(at + 4, at + 8 + length)) === view.getUint32(at + 8 + length);
    chunks.push({ type, data, crcOk });
    at += 12 + length;
    if (type === "IEND") return chunks;
  }
  return null;
}

/** The tEXt value stored under `key`, if the bytes are a PNG that has one. */
export function pngText(bytes: Uint8Array, key: string): string | null {
  for (const c of readPngChunks(bytes) ?? []) {
    if (c.type !== "tEXt") continue;
    const text = new TextDecoder("latin1").decode(c.data);
    const sep = text.indexOf("\0");
    if (sep >= 0 && text.slice(0, sep) === key) return text.slice(sep + 1);
  }
  return null;
}
