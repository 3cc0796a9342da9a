// Moves "today" forward when the calendar day turns (checked hourly and when the tab becomes visible), which
// empties the disabled-model list and drops yesterday's warning.
import { quotaDay } from "../../../../worker/protocol/rules";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { todayAtom, usageWarningAtom } from "./models.atoms";

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function useDailyReset() {
  const setToday = useSetAtom(todayAtom);
  const setWarning = useSetAtom(usageWarningAtom);
  useEffect(() => {
    const check = () => {
      const day = quotaDay();
      setToday(day);
      setWarning((w) => (w && w.day !== day ? null : w));
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    const onVisible = () => document.visibilityState === "visible" && check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [setToday, setWarning]);
}
