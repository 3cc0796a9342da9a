// Inflating untrusted deflate data without trusting it: a 200 KB "zip bomb" unpacks to gigabytes, so the input is fed
// to the inflater (pako, zlib in JS) in small slices and the bytes it actually produces are counted; reading stops at
// the caller's limit, when the caller has what it needs, or at the data's own end, whichever comes first. A header's
// declared size is never what bounds the work. Feeding SLICE_BYTES at a time bounds what one step can produce (deflate
// expands at most ~1,032:1, so ~1 MB), and the loop yields to the event loop every YIELD_EVERY_BYTES of output so other
// requests of the isolate are not held up.
import { Inflate } from "pako";
import { nextTask } from "../lib/next-task";

/** Compressed bytes fed per step. */
const SLICE_BYTES = 1024;
/** Output between two yields to the event loop (1 MB, ~5 ms of inflating). */
const YIELD_EVERY_BYTES = 1024 * 1024;

export interface InflateOutcome {
  /** Bytes produced, counted as they came (never more than `limit` plus one step's output). */
  produced: number;
  /** The deflate data reached its own end, undamaged. */
  complete: boolean;
  /** Reading stopped because `produced` passed `limit`. */
  overLimit: boolean;
  /** Reading stopped because `onChunk` asked to. */
  stopped: boolean;
  /** The inflater's message when the data is damaged. */
  error?: string;
}

export interface InflateOptions {
  /** Raw deflate (ZIP entries) rather than zlib-wrapped (PDF FlateDecode). */
  raw: boolean;
  /** Bytes of output after which reading stops with `overLimit`. */
  limit: number;
  /** Each piece of output, in order; returning false stops reading (the caller has what it needs). */
  onChunk?: (chunk: Uint8Array) => boolean | undefined;
}

export async function inflateBounded(
  data: Uint8Array,
  { raw, limit, onChunk }: InflateOptions,
): Promise<InflateOutcome> {
  const inflater = new Inflate({ raw, chunkSize: 64 * 1024 });
  let produced = 0;
  let stop = false;
  let sinceYield = 0;
  inflater.onData = (chunk) => {
    if (stop) return;
    produced += chunk.length;
    sinceYield += chunk.length;
    if (produced > limit) stop = true;
    else if (onChunk?.(chunk) === false) stop = true;
  };
  inflater.onEnd = () => {};
  for (let at = 0; at < data.length && !inflater.ended && !stop; at += SLICE_BYTES) {
    const end = Math.min(at + SLICE_BYTES, data.length);
    inflater.push(data.subarray(at, end), end === data.length);
    if (sinceYield >= YIELD_EVERY_BYTES) {
      sinceYield = 0;
      await nextTask();
    }
  }
  const overLimit = produced > limit;
  const failed = inflater.ended && inflater.err !== 0;
  return {
    produced,
    complete: inflater.ended && !failed && !stop,
    overLimit,
    stopped: stop && !overLimit,
    ...(failed || (!inflater.ended && !stop) ? { error: inflater.msg || "unexpected end of compressed data" } : {}),
  };
}
