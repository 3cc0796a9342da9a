// One entry of a ZIP archive (a DOCX is one), found through the central directory at the end of the file as unzip
// tools do, without inflating anything: its compression method, its compressed bytes and the uncompressed size its
// header declares. The declared size is a claim, not a bound: the reader counts the bytes it actually inflates
// (bounded-inflate.ts). Only what a DOCX of at most a few MB needs is read: no ZIP64, no multi-disk archives.

export interface ZipEntry {
  /** 0 stored, 8 deflated; anything else is not read. */
  method: number;
  /** The entry's bytes as stored in the archive (compressed when method is 8). */
  data: Uint8Array;
  /** The uncompressed size the central directory declares. */
  declaredSize: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const MAX_END_SEARCH = 22 + 0xffff;

/** The named entry, or null when the archive has none; throws when the archive's structure is damaged. */
export function findZipEntry(bytes: Uint8Array, name: string): ZipEntry | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - MAX_END_SEARCH); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("not a ZIP archive (no central directory)");
  const entries = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  const wanted = new TextEncoder().encode(name);
  let at = directoryOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_FILE_HEADER)
      throw new Error("damaged ZIP central directory");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declaredSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const entryName = bytes.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName.length !== wanted.length || !entryName.every((b, i) => b === wanted[i])) continue;
    if (flags & 1) throw new Error(`${name} is encrypted`);
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOCAL_FILE_HEADER)
      throw new Error("damaged ZIP local header");
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (start + compressedSize > bytes.length) throw new Error(`${name} runs past the end of the archive`);
    return { method, data: bytes.subarray(start, start + compressedSize), declaredSize };
  }
  return null;
}
