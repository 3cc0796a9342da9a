// The attachment limits, checked when files are picked, pasted or dropped: at most 10 files, each at most 5 MB, and
// 20 MB together, where a photo that is compressed counts for 30% of its size. A photo over 5 MB is compressed before
// the size limit applies to it (a phone's 7.5 MB photo comes out at a few hundred KB): the count, the total and the
// size of every other file are checked at once (checkLimits), such a photo's size once it is compressed
// (checkCompressed), and only what is still too large then is refused. The worker checks again (413).

import { MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES } from "../../../../worker/protocol/uploads";

// Files per question, bytes per file and all files together: the worker's limits (the wire contract's).
export { MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES };
/** Share of its size an image to be compressed counts toward the total. */
export const COMPRESSED_IMAGE_WEIGHT = 0.3;

export interface SizedFile {
  name: string;
  size: number;
  /** The file is a photo that will be (or was) compressed: its size is checked once compressed. */
  compressed: boolean;
}

export type LimitError = { code: "tooMany" } | { code: "tooLarge"; name: string } | { code: "totalTooLarge" };

/** What a file weighs against the 20 MB total, in bytes. */
export function countedBytes(file: SizedFile): number {
  return file.compressed ? file.size * COMPRESSED_IMAGE_WEIGHT : file.size;
}

/**
 * Whether `incoming` may join the files already attached, before any photo is compressed. The first rule broken wins:
 * the count, then the size of each file that will not be compressed, then the total; on any error nothing is added.
 */
export function checkLimits(attached: readonly SizedFile[], incoming: readonly SizedFile[]): LimitError | null {
  if (attached.length + incoming.length > MAX_FILES) return { code: "tooMany" };
  const big = incoming.find((f) => !f.compressed && f.size > MAX_FILE_BYTES);
  if (big) return { code: "tooLarge", name: big.name };
  const total = [...attached, ...incoming].reduce((sum, f) => sum + countedBytes(f), 0);
  if (total > MAX_TOTAL_BYTES) return { code: "totalTooLarge" };
  return null;
}

/** A photo once compressed (or kept as it was, when the browser could not shrink it): refused only if still over 5 MB. */
export function checkCompressed(file: { name: string; size: number }): LimitError | null {
  return file.size > MAX_FILE_BYTES ? { code: "tooLarge", name: file.name } : null;
}
