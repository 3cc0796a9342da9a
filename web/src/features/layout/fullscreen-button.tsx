// The fullscreen toggle (Fullscreen API on the whole page), in the header, or in the drawer on phones where the
// header needs its room: "Full screen" / "Exit full screen", label and tooltip following the real state (Escape or
// the browser's own exit included; the tooltip is off on touch and mobile like every tooltip). Hidden where the API
// is missing (iPhone Safari, some in-app browsers).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Svg } from "../ui/icons";

/** Corners pointing out (enter) and in (exit). */
const ENTER = "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5";
const EXIT = "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5";

/** `className` adds to icon-btn (the drawer's placement). */
export function FullscreenButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(() => document.fullscreenElement != null);
  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement != null);
    document.addEventListener("fullscreenchange", sync);
    return () => document.removeEventListener("fullscreenchange", sync);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = t(active ? "header.fullscreenExit" : "header.fullscreen");
  return (
    <button
      type="button"
      className={`icon-btn ${className}`}
      data-testid="fullscreen-toggle"
      aria-label={label}
      aria-pressed={active}
      data-tooltip={label}
      data-tooltip-side="left"
      // a refusal (no user gesture, a policy) changes nothing: the button keeps showing the real state
      onClick={() =>
        (active ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {})
      }
    >
      <Svg size={20}>
        <path d={active ? EXIT : ENTER} />
      </Svg>
    </button>
  );
}
