// A turn's start writes to the object's storage — its checkpoint, the use it took, the question in the chat's window,
// its place in the burst counter — are held here until its first token has left, and made then, together. A write
// made before would hold that token until the write is durable (the object's output gate), and locally its commit
// holds the runtime's one thread: measured with rounds alternating, 50 turns starting at once had their first tokens
// at 262 ms (p50) with the writes before them and 215 ms with them held; one turn's, 6.7 and 5.7 ms after the model's
// own. What the writes stand for is true at once in memory: the use is held (usage.ts), the burst start is pending
// (turn-burst.ts), the running answer carries its question (generation.ts runningIn).
//
// The held writes are made, in one transaction, at the first of: a running answer's first token
// (HELD_AFTER_FIRST_TOKEN_MS after it, so the token has left), any answer's end (before its use can be given back or it
// is saved), or HELD_WRITES_DEADLINE_MS after the first of them was held (a model that thinks for seconds before its
// first token).
// What this gives up: an object that dies within that window loses the turn's record (the question and its use),
// where before it lost it only before the first token.

/**
 * The longest a held write waits for a first token, in milliseconds: 200. A local or fast model answers sooner; past
 * it, the write is made while the model is still thinking, and costs the answer nothing.
 */
export const HELD_WRITES_DEADLINE_MS = 200;

/**
 * How long after a first token the held writes wait, in milliseconds: 5. The token leaves the object through the
 * stream's pump, a few of the runtime's tasks; writes made in the very next task held it behind them (measured, turns
 * in a row: its arrival 0.3 ms later than with the writes 1, 5 or 20 ms after it).
 */
export const HELD_AFTER_FIRST_TOKEN_MS = 5;

export class HeldWrites {
  private queue: (() => void)[] = [];
  private deadline: ReturnType<typeof setTimeout> | null = null;

  /** Holds `write` until the next flush. */
  add(write: () => void) {
    this.queue.push(write);
    this.deadline ??= setTimeout(() => this.flush(), HELD_WRITES_DEADLINE_MS);
  }

  /** Makes the held writes HELD_AFTER_FIRST_TOKEN_MS from now: what was just written to a stream leaves first. */
  flushSoon() {
    if (this.queue.length > 0) setTimeout(() => this.flush(), HELD_AFTER_FIRST_TOKEN_MS);
  }

  /** Makes every held write now, in the order they were held. One that throws is logged; the others are still made. */
  flush() {
    if (this.deadline !== null) clearTimeout(this.deadline);
    this.deadline = null;
    const writes = this.queue;
    this.queue = [];
    for (const write of writes) {
      try {
        write();
      } catch (err) {
        console.error("a held write failed", err);
      }
    }
  }

  /** Drops the held writes unmade (the user's account is being deleted: there is nothing left to write them to). */
  discard() {
    if (this.deadline !== null) clearTimeout(this.deadline);
    this.deadline = null;
    this.queue = [];
  }
}
