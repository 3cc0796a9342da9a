// The Fullscreen API behind one small interface. Where it is missing (iPhone Safari, some in-app browsers)
// `fullscreenSupported` is false and the header hides the toggle. The state is read from the document, so Escape or
// the browser's own exit is reflected at once.

export const fullscreenSupported = (): boolean => document.fullscreenEnabled === true && !!document.documentElement.requestFullscreen;

export const isFullscreen = (): boolean => document.fullscreenElement != null;

/** Enters fullscreen on the whole page, or leaves it. A refusal (no user gesture, a policy) changes nothing. */
export function toggleFullscreen(): void {
  const done = isFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen({ navigationUI: "hide" });
  done.catch(() => {}); // the button keeps showing the real state
}

/** Calls `notify` whenever the page enters or leaves fullscreen; returns the unsubscribe. */
export function onFullscreenChange(notify: () => void): () => void {
  document.addEventListener("fullscreenchange", notify);
  return () => document.removeEventListener("fullscreenchange", notify);
}
