// Builds a part of the screen that nobody sees yet (a phone's closed drawer) after the first screen is up rather than
// with it: opening a chat on a phone then does not spend its first long task on a history list behind the edge of the
// screen. The part is built in the background once the browser is idle (as a transition, in small slices), or at
// once when it is needed. The signed-in layout builds its first screen the same way, right after the frame.
import { startTransition, useDeferredValue, useEffect, useState } from "react";

/** Longest wait for an idle moment before the part is built anyway, in ms (also the wait where the browser has no
 * requestIdleCallback, as Safari). */
const IDLE_TIMEOUT_MS = 2_000;

/** True once the part should be in the DOM: at once while `needed`, else after the first idle moment. */
export function useDeferredMount(needed: boolean): boolean {
  const [built, setBuilt] = useState(needed);
  useEffect(() => {
    if (built) return;
    if (needed) {
      setBuilt(true);
      return;
    }
    const build = () => startTransition(() => setBuilt(true));
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(build, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(build, IDLE_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, [built, needed]);
  return built || needed;
}

/**
 * `value`, built as a transition once the first render is committed (React can pause it between components, so a
 * phone's first long task is cut into short ones): `initial` until then. A transition restarts whenever an urgent
 * update comes in, and React itself lets that go on for up to 5 s; after `maxWaitMs` the value is used outright.
 */
export function useDeferredFirst<T>(value: T, initial: T, maxWaitMs: number): T {
  const deferred = useDeferredValue(value, initial);
  const [late, setLate] = useState(false);
  const caughtUp = deferred !== initial;
  useEffect(() => {
    if (caughtUp) return;
    const id = setTimeout(() => setLate(true), maxWaitMs);
    return () => clearTimeout(id);
  }, [caughtUp, maxWaitMs]);
  return caughtUp || !late ? deferred : value;
}
