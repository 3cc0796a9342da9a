// A burst limit on chat turns per user: a script (or a stuck client) firing questions as fast as it can is refused
// with 429 too_many_turns and Retry-After, and a person, who reads each answer, never meets it. Counted by the user's
// Durable Object inside the turn call the chat route already makes (user-hub.ts turn): no round trip is added, least
// of all a D1 one. The start times of the turns in the window are kept in the object's own SQLite (hot_meta), so an
// evicted object does not forget them; an answer's start is written with the rest of its start, once its first token
// has left (held-writes.ts), and counted from memory until then.
//
// A turn counts when it starts (its answer streams, or its picture is drawn); one refused for another reason (the day's
// quota, a chat that is not the user's, bad input) costs no model call and is not counted. The check is made when a
// turn arrives: a window already holding TURN_BURST_LIMIT starts refuses it, with Retry-After the seconds until the
// oldest leaves the window. Turns arriving together are each checked before any of them has started, so one wave of
// simultaneous requests is bounded by the day's quota rather than by this limit; every later one meets it.
//
// The defaults are 30 turns a minute. A person never sends that many; the project's own load tests (a user's 26 turns
// in a few seconds in the benchmark, 13 in a row in the tests) stay under it; and a script is held to one turn every
// 2 seconds once its first 30 are spent.
//
// Where the operator binds Cloudflare's rate-limiting API (wrangler.toml [[ratelimits]] TURN_RATE_LIMITER, limit 30,
// period 60), it counts instead, keyed by the user: every turn that arrives counts there (the binding cannot give a
// count back), its counters are per Cloudflare location, and it does not say when to come back, so Retry-After is
// then the whole window. An error of the binding lets the turn through (logged): the limit is a brake on abuse, not
// something a user should lose a message to.
import { AppError } from "../../worker/errors";
import type { ObjectSql } from "./object-sql";

/** Turns a user may start in one window: 30 (TURN_BURST_LIMIT in the configuration changes it; 0 turns it off). */
export const TURN_BURST_LIMIT = 30;

/** The limit the configuration sets: a whole number of turns per window, 0 for none; blank or invalid: the default. */
export function turnBurstLimit(raw: string | undefined): number {
  const value = raw?.trim();
  return value && /^\d{1,6}$/.test(value) ? Number(value) : TURN_BURST_LIMIT;
}
/** The window: 60 seconds (also a period the rate-limiting binding allows: 10 or 60 seconds). */
export const TURN_BURST_WINDOW_MS = 60_000;

const META_KEY = "turn_starts";

/**
 * Whether a turn arriving at `now` (ms) may start, given the start times of the turns before it: null when it may,
 * else the milliseconds until enough of them have left the window.
 */
export function turnBurstWait(
  starts: readonly number[],
  now: number,
  limit = TURN_BURST_LIMIT,
  windowMs = TURN_BURST_WINDOW_MS,
): number | null {
  const inWindow = starts.filter((t) => t > now - windowMs).sort((a, b) => a - b);
  if (inWindow.length < limit) return null;
  return inWindow[inWindow.length - limit]! + windowMs - now;
}

/** The start times to keep after a turn started at `at` (ms): those still inside the window then, and this one. */
export function withTurnStart(starts: readonly number[], at: number, windowMs = TURN_BURST_WINDOW_MS): number[] {
  return [...starts.filter((t) => t > at - windowMs), at];
}

/** 429 too_many_turns, with the wait in whole seconds (at least 1) as `retry_after` for the Retry-After header. */
function tooManyTurns(waitMs: number): never {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppError("too_many_turns", `Too many messages in a short time. Please wait ${retryAfter} s.`, {
    retry_after: retryAfter,
  });
}

/** The limit for one user's object. */
export class TurnBurst {
  /** Starts counted and not yet written (ms). */
  private pending: number[] = [];

  constructor(
    private readonly sql: ObjectSql,
    private readonly binding: RateLimit | undefined,
    /** Turns per window; 0: no limit. */
    private readonly limit: number = TURN_BURST_LIMIT,
    /** When a start is written: at once, or held with the rest of the turn's start (HeldWrites.add). */
    private readonly hold: (write: () => void) => void = (write) => write(),
  ) {}

  private starts(): number[] {
    const raw = this.sql.meta(META_KEY);
    // written by `started` below, never from outside
    return raw ? (JSON.parse(raw) as number[]) : [];
  }

  /** A turn of `userId` arrives at `now` (ms): passes, or throws 429 too_many_turns. */
  async admit(userId: string, now: number): Promise<void> {
    if (this.limit === 0) return;
    if (this.binding) {
      let outcome: RateLimitOutcome;
      try {
        outcome = await this.binding.limit({ key: `turn:${userId}` });
      } catch (err) {
        console.error(JSON.stringify({ event: "turn_rate_limiter_failed", error: String(err) }));
        return;
      }
      if (!outcome.success) tooManyTurns(TURN_BURST_WINDOW_MS);
      return;
    }
    const wait = turnBurstWait([...this.starts(), ...this.pending], now, this.limit);
    if (wait !== null) tooManyTurns(wait);
  }

  /** The turn admitted at `at` (ms) started: it counts from then on (the binding counted it on arrival). */
  started(at: number) {
    if (this.binding || this.limit === 0) return;
    this.pending.push(at);
    this.hold(() => {
      this.pending.splice(this.pending.indexOf(at), 1);
      this.sql.setMeta(META_KEY, JSON.stringify(withTurnStart(this.starts(), at)));
    });
  }
}
