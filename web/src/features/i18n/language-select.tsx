// The language picker: a native select (keyboard and screen-reader friendly everywhere), saved locally at once and,
// when signed in, to the profile so other devices can follow.
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES, type Language, currentLanguage, isLanguage, setLanguage } from "../../lib/i18n";
import { IconGlobe } from "../ui/icons";
import "./language-select.css";

export function LanguageSelect({ onChange }: { onChange?: (lng: Language) => void }) {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <label className="language-select">
      <IconGlobe size={16} />
      <span className="visually-hidden">{t("language.label")}</span>
      <select
        data-testid="language-select"
        value={value}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLanguage(next)) return;
          void setLanguage(next);
          onChange?.(next);
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </label>
  );
}
