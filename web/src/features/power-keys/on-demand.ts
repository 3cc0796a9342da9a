// Everything of the shortcuts, the drop zone and dictation that loads on first use, behind one dynamic import
// (signed-in/power-keys.ts loadPowerKeys): one request and one preload list for the signed-in chunk to carry.
export { runShortcut } from "./shortcut-actions";
export { dragged } from "./drop-zone";
export { default as MicButton } from "./mic-button";
