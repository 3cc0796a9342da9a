// The light/dark switch (turns follow-system off) and the follow-system checkbox.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { IconMoon, IconSun } from "../ui/icons";
import { followSystemAtom, themeAtom, toggleThemeAtom } from "./theme.atoms";

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useAtomValue(themeAtom);
  const toggle = useSetAtom(toggleThemeAtom);
  const label = theme === "dark" ? t("theme.toLight") : t("theme.toDark");
  return (
    <button
      type="button"
      className="icon-btn"
      data-testid="theme-toggle"
      data-theme-current={theme}
      aria-label={label}
      data-tooltip={label}
      onClick={() => toggle()}
    >
      {theme === "dark" ? <IconSun size={18} /> : <IconMoon size={18} />}
    </button>
  );
}

export function FollowSystemSwitch() {
  const { t } = useTranslation();
  const [follow, setFollow] = useAtom(followSystemAtom);
  return (
    <label className="switch-row">
      <span>{t("theme.followSystem")}</span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        data-testid="theme-follow-system"
        checked={follow}
        onChange={(e) => setFollow(e.target.checked)}
      />
    </label>
  );
}
