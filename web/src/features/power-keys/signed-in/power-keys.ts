// The always-loaded doors of the keyboard shortcuts, of dropping files on the chat and of dictation (issue 25), kept
// to a few hundred bytes because every signed-in page carries them: a keydown listener that lets through only the
// shortcuts' keys (Escape, or Ctrl/⌘ with Shift+O, C or S, or with /) and loads what they do (../on-demand.ts →
// shortcut-actions.ts) when one is pressed, and a dragenter listener that loads the drop zone when files (not a text
// selection) are dragged over the window. None of these keys types a character; Escape's default is not taken.
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
    const onDrag = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes("Files"))
        void loadPowerKeys().then(
          (m) => m.showDropZone(),
          () => {},
        );
    };
    addEventListener("keydown", onKey);
    addEventListener("dragenter", onDrag);
    return () => {
      removeEventListener("keydown", onKey);
      removeEventListener("dragenter", onDrag);
    };
  }, [router]);
}
