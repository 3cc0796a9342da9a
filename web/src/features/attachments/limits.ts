// The spec's attachment limits (section 5), checked when files are picked, pasted or dropped, before anything is
// compressed or uploaded: at most 10 files, each at most 5 MB, and 20 MB together, where an image that will be
// compressed counts for 30% of its size (compression brings it far below that). The worker checks again (413).

/** Files attached to one question. */
export const MAX_FILES = 10;
/** Bytes per file (5 MB). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Bytes of all files together (20 MB). */
export const MAX_TOTAL_BYTES = 20 * 1024 * 1024;
/** Share of its size an image to be compressed counts toward the total. */
export const COMPRESSED_IMAGE_WEIGHT = 0.3;

export interface SizedFile {
  name: string;
  size: number;
  /** The file is an image that will be (or was) compressed. */
  compressed: boolean;
}

export type LimitError =
  | { code: "tooMany" }
  | { code: "tooLarge"; name: string }
  | { code: "totalTooLarge" };

/** What a file weighs against the 20 MB total, in bytes. */
export function countedBytes(file: SizedFile): number {
  return file.compressed ? file.size * COMPRESSED_IMAGE_WEIGHT : file.size;
}

/**
 * Whether `incoming` may join the files already attached. The first rule broken wins, in the spec's order (count,
 * then each file's size, then the total); on any error nothing is added.
 */
export function checkLimits(attached: readonly SizedFile[], incoming: readonly SizedFile[]): LimitError | null {
  if (attached.length + incoming.length > MAX_FILES) return { code: "tooMany" };
  const big = incoming.find((f) => f.size > MAX_FILE_BYTES);
  if (big) return { code: "tooLarge", name: big.name };
  const total = [...attached, ...incoming].reduce((sum, f) => sum + countedBytes(f), 0);
  if (total > MAX_TOTAL_BYTES) return { code: "totalTooLarge" };
  return null;
}
