// Builds a part of the screen that nobody sees yet (a phone's closed drawer) after the first screen is up rather than
// with it: opening a chat on a phone then does not spend its first long task on a history list behind the edge of the
// screen. The part is built in the background once the browser is idle (as a transition, in small slices), or at
// once when it is needed. The signed-in layout builds its header, drawer and first screen the same way, right after its
// bare frame.
import { startTransition, useEffect, useState } from "react";

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
 * False on the first render, then true, set as a transition once that render is committed: what it switches on is
 * built in slices React can pause between components, after the frame already on screen, so a phone's first long task
 * is cut into short ones. A transition restarts whenever an urgent update comes in, and React itself lets that go on
 * for up to 5 s; after `maxWaitMs` the part is built outright.
 */
export function useBuiltAfterFirst(maxWaitMs: number): boolean {
  const [built, setBuilt] = useState(false);
  useEffect(() => {
    if (built) return;
    startTransition(() => setBuilt(true));
    const id = setTimeout(() => setBuilt(true), maxWaitMs);
    return () => clearTimeout(id);
  }, [built, maxWaitMs]);
  return built;
}
