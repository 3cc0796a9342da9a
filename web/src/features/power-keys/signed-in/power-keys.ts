// The always-loaded doors of the keyboard shortcuts, of dropping files on the chat and of dictation (issue 25), kept
// to a few hundred bytes because every signed-in page carries them: a keydown listener that lets through only the
// shortcuts' keys (Escape, or Ctrl/⌘ with Shift+O, C or S, or with /) and loads what they do (../on-demand.ts →
// shortcut-actions.ts) when one is pressed, and a dragenter listener that loads the drop zone when files (not a text
// selection) are dragged over the window. The window itself takes the drop of files (and the dragover that allows it):
// a file dropped before the drop zone's code has arrived, or off the chat screen, would otherwise be opened by the
// browser in the app's place; here it is handed to the zone's code, which adds it to the question when there is an
// input box. None of these keys types a character; Escape's default is not taken.
// Letters are read from e.code (the key's place, so any keyboard layout works), ⌘ from metaKey.
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

/** The on-demand part: the shortcuts' actions, the drop zone and the microphone, in one chunk. */
export const loadPowerKeys = () => import("../on-demand");

/** Listens while the signed-in layout is up. */
export function usePowerKeys() {
  const router = useRouter();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (e.altKey || e.isComposing) return;
      if (e.key === "Escape" ? mod : !mod || !(e.shiftKey ? /^Key[OCS]$/.test(e.code) : e.key === "/")) return;
      if (mod) e.preventDefault();
      void loadPowerKeys().then(
        (m) => m.runShortcut(e, router),
        () => {},
      ); // offline: nothing happens
    };
    let dragging = false;
    const onDrag = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes("Files")) return;
      if (e.type !== "dragenter") e.preventDefault(); // a dragover allows the drop; a drop is not opened by the browser
      dragging = e.type !== "drop";
      const files = dragging ? null : [...e.dataTransfer.files];
      if (e.type !== "dragover")
        void loadPowerKeys().then(
          (m) => m.dragged(files, () => dragging),
          () => {},
        );
    };
    const drags = ["dragenter", "dragover", "drop"] as const;
    addEventListener("keydown", onKey);
    for (const type of drags) addEventListener(type, onDrag);
    return () => {
      removeEventListener("keydown", onKey);
      for (const type of drags) removeEventListener(type, onDrag);
    };
  }, [router]);
}
