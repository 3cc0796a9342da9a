// Seconds left until a moment (an ISO time from the server), ticking once a second; 0 once it has passed.
// The value is computed while rendering, so the first render after the moment changes (a code just sent) already
// shows the new countdown: a state set from an effect showed one frame of the old value ("Resend", enabled).
import { useEffect, useReducer } from "react";
import { secondsUntil } from "./validation";

const TICK_MS = 1_000;

export function useCountdown(iso: string | null | undefined): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!iso || secondsUntil(iso) === 0) return;
    const id = setInterval(() => {
      tick();
      if (secondsUntil(iso) === 0) clearInterval(id);
    }, TICK_MS);
    return () => clearInterval(id);
  }, [iso]);
  return secondsUntil(iso);
}
