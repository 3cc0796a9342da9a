// The list of the keyboard shortcuts (Ctrl/⌘+/, or the profile menu's "Keyboard shortcuts"), with ⌘ on Apple devices
// and Ctrl elsewhere. Drawn in a small React root of its own, made on first use, so the signed-in layout carries nothing
// of it; the second Ctrl/⌘+/ closes it, as does Escape.
import { createRoot, type Root } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { Dialog } from "../ui/dialog";
import { POWER_KEYS_TEXTS, loadPowerKeyTexts } from "./power-keys-texts";
import "./power-keys.css";

/** ⌘ on macOS, iPadOS and iOS (where the app reads metaKey), Ctrl elsewhere. */
const MOD = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? "⌘" : "Ctrl";

/** Each shortcut: its id (the text's key and the row's data-key) and its keys. */
export const SHORTCUTS: readonly (readonly [string, readonly string[]])[] = [
  ["newChat", [MOD, "Shift", "O"]],
  ["focusInput", ["Shift", "Esc"]],
  ["copyLast", [MOD, "Shift", "C"]],
  ["toggleSidebar", [MOD, "Shift", "S"]],
  ["stop", ["Esc"]],
  ["showShortcuts", [MOD, "/"]],
  ["send", ["Enter"]],
  ["newLine", ["Shift", "Enter"]],
];

function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(POWER_KEYS_TEXTS);
  return (
    <Dialog open onClose={onClose} title={t("shortcuts.title")} testId="shortcuts-dialog">
      <dl className="shortcuts">
        {SHORTCUTS.map(([id, keys]) => (
          <div className="shortcuts__row" key={id} data-testid="shortcut" data-key={id}>
            <dt>{t(`shortcuts.${id}`)}</dt>
            <dd>
              {keys.map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

let root: Root | undefined;
let open = false;

function render() {
  root ??= createRoot(document.body.appendChild(document.createElement("div")));
  root.render(open ? <ShortcutsDialog onClose={closeShortcutsDialog} /> : null);
}

function closeShortcutsDialog() {
  open = false;
  render();
}

/** Opens the list, once its texts are there. */
export async function openShortcutsDialog(): Promise<void> {
  await loadPowerKeyTexts();
  open = true;
  render();
}

/** Ctrl/⌘+/: opens the list, or closes it when it is open. */
export function toggleShortcutsDialog(): void {
  if (open) closeShortcutsDialog();
  else void openShortcutsDialog();
}
