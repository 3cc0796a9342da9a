// The Fullscreen API behind one small interface, with the webkit-prefixed names older desktop Safari still uses.
// Where neither exists (iPhone Safari, some in-app browsers) `fullscreenSupported` is false and the header hides the
// toggle. The state is read from the document, so Escape or the browser's own exit is reflected at once.

type WebkitDocument = Document & {
  webkitFullscreenEnabled?: boolean;
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => Promise<void> | void;
};
type WebkitElement = HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | void };

const doc = () => (typeof document === "undefined" ? null : (document as WebkitDocument));

export function fullscreenSupported(): boolean {
  const d = doc();
  if (!d) return false;
  const root = d.documentElement as WebkitElement;
  if (d.fullscreenEnabled && typeof root.requestFullscreen === "function") return true;
  return Boolean(d.webkitFullscreenEnabled && typeof root.webkitRequestFullscreen === "function");
}

export function isFullscreen(): boolean {
  const d = doc();
  return Boolean(d && (d.fullscreenElement ?? d.webkitFullscreenElement));
}

/** Enters fullscreen on the whole page, or leaves it. Refusals (no user gesture, a policy) are ignored. */
export async function toggleFullscreen(): Promise<void> {
  const d = doc();
  if (!d) return;
  try {
    if (isFullscreen()) {
      if (typeof d.exitFullscreen === "function") await d.exitFullscreen();
      else await d.webkitExitFullscreen?.();
    } else {
      const root = d.documentElement as WebkitElement;
      if (typeof root.requestFullscreen === "function") await root.requestFullscreen({ navigationUI: "hide" });
      else await root.webkitRequestFullscreen?.();
    }
  } catch {
    // the browser refused: the button keeps showing the real state
  }
}

/** Calls `notify` whenever the page enters or leaves fullscreen; returns the unsubscribe. */
export function onFullscreenChange(notify: () => void): () => void {
  const d = doc();
  if (!d) return () => {};
  d.addEventListener("fullscreenchange", notify);
  d.addEventListener("webkitfullscreenchange", notify);
  return () => {
    d.removeEventListener("fullscreenchange", notify);
    d.removeEventListener("webkitfullscreenchange", notify);
  };
}
