// The header's fullscreen toggle: "Full screen" / "Exit full screen" (label and tooltip follow the real state, the
// tooltip is off on touch and mobile like every tooltip), hidden where the browser has no Fullscreen API.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Svg } from "../ui/icons";
import { fullscreenSupported, isFullscreen, onFullscreenChange, toggleFullscreen } from "./fullscreen";

/** Corners pointing out (enter) and in (exit). */
const ENTER = "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5";
const EXIT = "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5";

export function FullscreenButton() {
  const { t } = useTranslation();
  const active = useSyncExternalStore(onFullscreenChange, isFullscreen);
  if (!fullscreenSupported()) return null;
  const label = t(active ? "header.fullscreenExit" : "header.fullscreen");
  return (
    <button
      type="button"
      className="icon-btn"
      data-testid="fullscreen-toggle"
      aria-label={label}
      aria-pressed={active}
      data-tooltip={label}
      data-tooltip-side="left"
      onClick={toggleFullscreen}
    >
      <Svg size={20}>
        <path d={active ? EXIT : ENTER} />
      </Svg>
    </button>
  );
}
