// A new chat: the greeting and four suggestions; picking one sends it.
import { useTranslation } from "react-i18next";
import { ExpertChip } from "../../experts/expert-chip";
import { IconPen } from "../../ui/icons";
import { IconCode, IconCompass, IconLightbulb } from "../../ui/more-icons";

const SUGGESTIONS = [
  { key: "explain", Icon: IconLightbulb },
  { key: "write", Icon: IconPen },
  { key: "code", Icon: IconCode },
  { key: "plan", Icon: IconCompass },
] as const;

export function EmptyState({
  name,
  onPick,
  disabled,
}: {
  name: string | undefined;
  onPick: (prompt: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const first = name?.trim();
  return (
    <div className="empty">
      <h1 className="empty__greeting" data-testid="greeting">
        <span className="gradient-text">{first ? t("chat.greetingName", { name: first }) : t("chat.greeting")}</span>
      </h1>
      <p className="empty__subtitle">{t("chat.greetingSubtitle")}</p>
      <ExpertChip />
      <div className="suggestions">
        {SUGGESTIONS.map(({ key, Icon }, index) => {
          const prompt = t(`suggestions.${key}.prompt`);
          return (
            <button
              key={key}
              type="button"
              className="suggestion"
              data-testid="suggestion"
              data-index={index}
              disabled={disabled}
              onClick={() => onPick(prompt)}
            >
              <span className="suggestion__icon" aria-hidden="true">
                <Icon size={20} />
              </span>
              <span className="suggestion__title">{t(`suggestions.${key}.title`)}</span>
              <span className="suggestion__prompt">{prompt}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
