// The drop zone over the chat screen while files are dragged over the window (loaded by the first such dragenter,
// signed-in/power-keys.ts, which also takes every drop of files and hands them to dragged): files dropped join the
// question's attachments through the paste handler's own door (the attachments' on-demand module, which
// attachments-entry.tsx's loadMedia opens: add-files.ts), so the limits, the compression of photos and the alert texts
// are those of the + menu. The zone covers the window and only it takes the drag's events: its dragleave is the drag
// leaving the window (or cancelled with Escape), and a pointer moving over it means the drag is over. Elsewhere than
// the chat screen (no input box) nothing shows, and a drop there does nothing.
import { loadPowerKeyTexts, powerKeysT } from "./power-keys-texts";
import "./power-keys.css";

let zone: HTMLDivElement | undefined;
/** The zone's two lines, with their texts' keys (written on each show: the language may have changed). */
const lines: [HTMLElement, string][] = [];

const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes("Files") ?? false;

function hide() {
  if (zone) zone.hidden = true;
}

function build(): HTMLDivElement {
  const el = document.createElement("div");
  el.className = "drop-zone";
  el.dataset.testid = "drop-zone";
  el.hidden = true;
  const panel = el.appendChild(document.createElement("div"));
  panel.className = "drop-zone__panel";
  for (const key of ["title", "hint"]) {
    const line = panel.appendChild(document.createElement("span"));
    line.className = `drop-zone__${key}`;
    lines.push([line, `drop.${key}`]);
  }
  el.addEventListener("dragover", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault(); // allows the drop here (else the browser would open the file in the tab)
    if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
  });
  el.addEventListener("dragleave", (e) => {
    if (e.target === el) hide();
  });
  // A drag sends no pointer events: a pointer moving over the zone means no drag is going on. The zone can be up
  // without one when the drag left the window before this code arrived (its dragleave came before the zone existed);
  // it would cover the screen until the next drag.
  el.addEventListener("pointermove", hide);
  return document.body.appendChild(el);
}

/**
 * What signed-in/power-keys.ts hands over for each dragenter of files (`files` null: the zone shows) and each drop of
 * files anywhere in the window, on the zone or before it was built (the zone goes, and the files join the question).
 */
export function dragged(files: File[] | null, dragging: () => boolean): void {
  if (files) dropFiles(files);
  else void showDropZone(dragging);
}

function dropFiles(files: File[]): void {
  hide();
  // (not through attachments-entry.tsx itself: importing it from here would split its stylesheet off the chat's)
  if (files.length > 0 && document.getElementById("chat-input"))
    void import("../attachments/on-demand").then((m) => m.addFiles(files));
}

/**
 * Shows the zone over the chat screen while `dragging` says the drag goes on: a
 * file dropped before this code or its texts arrived has ended it, and the zone would stay up over nothing.
 */
async function showDropZone(dragging: () => boolean): Promise<void> {
  if (!document.getElementById("chat-input")) return;
  await loadPowerKeyTexts();
  if (!dragging()) return;
  zone ??= build();
  for (const [line, key] of lines) line.textContent = powerKeysT(key);
  zone.hidden = false;
}
