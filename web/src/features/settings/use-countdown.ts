// Seconds left until a moment (an ISO time from the server), ticking once a second; 0 once it has passed.
import { useEffect, useState } from "react";
import { secondsUntil } from "./validation";

export function useCountdown(iso: string | null | undefined): number {
  const [left, setLeft] = useState(() => secondsUntil(iso));
  useEffect(() => {
    setLeft(secondsUntil(iso));
    if (!iso) return;
    const id = setInterval(() => {
      const s = secondsUntil(iso);
      setLeft(s);
      if (s === 0) clearInterval(id);
    }, 1_000);
    return () => clearInterval(id);
  }, [iso]);
  return left;
}
