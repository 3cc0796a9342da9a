// General: the app's language (each named in itself; saved to the profile too, so other devices follow), the theme (light, dark or the
// system's) and whether notifications show.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { saveLanguage } from "../auth/every-page/auth.api";
import { LANGUAGE_NAMES, LANGUAGES, currentLanguage, setLanguage } from "../../lib/i18n";
import { followSystemAtom, setThemeAtom, themeAtom } from "../theme/theme.atoms";
import { Section, SwitchRow } from "./section";
import { notificationsEnabledAtom } from "../notifications/signed-in/notifications.atoms";

const THEMES = ["light", "dark", "system"] as const;

export function GeneralTab() {
  const { t, i18n } = useTranslation("accounts");
  const theme = useAtomValue(themeAtom);
  const [follow, setFollow] = useAtom(followSystemAtom);
  const setTheme = useSetAtom(setThemeAtom);
  const [notifications, setNotifications] = useAtom(notificationsEnabledAtom);
  const current = follow ? "system" : theme;

  return (
    <>
      <Section title={t("general.language")}>
        <div className="settings-choices" role="radiogroup" aria-label={t("general.language")}>
          {LANGUAGES.map((lng) => {
            const active = (i18n.language || currentLanguage()) === lng;
            return (
              <label key={lng} lang={lng} className={`settings-choice${active ? " settings-choice--active" : ""}`}>
                <input
                  type="radio"
                  name="language"
                  value={lng}
                  checked={active}
                  data-testid={`language-${lng}`}
                  onChange={() => {
                    void setLanguage(lng);
                    void saveLanguage(lng).catch(() => {}); // other devices follow; this one has switched already
                  }}
                />
                {LANGUAGE_NAMES[lng]}
              </label>
            );
          })}
        </div>
      </Section>
      <Section title={t("general.theme")}>
        <div className="settings-choices" role="radiogroup" aria-label={t("general.theme")}>
          {THEMES.map((id) => (
            <label key={id} className={`settings-choice${current === id ? " settings-choice--active" : ""}`}>
              <input
                type="radio"
                name="theme"
                value={id}
                checked={current === id}
                data-testid={`theme-${id}`}
                onChange={() => (id === "system" ? setFollow(true) : setTheme(id))}
              />
              {t(`general.themes.${id}`)}
            </label>
          ))}
        </div>
      </Section>
      <Section title={t("general.notifications")}>
        <SwitchRow
          label={t("general.notificationsLabel")}
          hint={t("general.notificationsHint")}
          checked={notifications}
          onChange={setNotifications}
          testId="notifications-switch"
        />
      </Section>
    </>
  );
}
