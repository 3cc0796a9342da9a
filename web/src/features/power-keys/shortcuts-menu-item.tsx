// "Keyboard shortcuts" in the profile menu, the visible way to the shortcuts dialog (Ctrl/⌘+/ is the other). Loads with
// the menu's panel, which loads when the pointer or focus nears the menu: its texts start loading then too.
import { useTranslation } from "react-i18next";
import { type IconProps, Svg } from "../chat/conversation-icons";
import { POWER_KEYS_TEXTS, loadPowerKeyTexts } from "./power-keys-texts";

void loadPowerKeyTexts();

const IconKeyboard = (p: IconProps) => (
  <Svg {...p}>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
  </Svg>
);

export function ShortcutsMenuItem({ close }: { close: () => void }) {
  const { t } = useTranslation(POWER_KEYS_TEXTS);
  return (
    <button
      type="button"
      role="menuitem"
      className="menu__item"
      data-testid="menu-shortcuts"
      onClick={() => {
        close();
        void import("./shortcuts-dialog").then((m) => m.openShortcutsDialog());
      }}
    >
      <IconKeyboard size={18} />
      {t("shortcuts.open")}
    </button>
  );
}
