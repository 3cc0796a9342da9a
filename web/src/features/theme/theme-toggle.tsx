// The light/dark switch (turns follow-system off) and the follow-system checkbox.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { IconMoon, IconSun } from "../ui/icons";
import { followSystemAtom, themeAtom, toggleThemeAtom } from "./theme.atoms";
import "./theme-toggle.css";

/**
 * Both icons are rendered and the document's data-theme picks one (theme-toggle.css), and both labels ride along as
 * data attributes: the pre-rendered landing page (no React there) switches them with its small script
 * (web/public/landing.js), and the button shows the right icon even before that script runs.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useAtomValue(themeAtom);
  const toggle = useSetAtom(toggleThemeAtom);
  // What a press does next, by the current theme.
  const labels = { dark: t("theme.toLight"), light: t("theme.toDark") };
  return (
    <button
      type="button"
      className="icon-btn theme-toggle"
      data-testid="theme-toggle"
      data-theme-current={theme}
      aria-label={labels[theme]}
      data-tooltip={labels[theme]}
      data-label-dark={labels.dark}
      data-label-light={labels.light}
      onClick={() => toggle()}
    >
      <IconSun size={18} className="theme-toggle__sun" />
      <IconMoon size={18} className="theme-toggle__moon" />
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
        aria-checked={follow}
        onChange={(e) => setFollow(e.target.checked)}
      />
    </label>
  );
}
