// A new chat: the greeting and four suggestions; picking one sends it. The suggestions' texts are a namespace of their
// own (locales/suggestions/<lng>.json), fetched with this screen's code, so the main texts an open chat loads carry
// none of them; the greeting does not wait for them.
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { namespaceLoaders } from "../../../lib/i18n";
import { ExpertChip } from "../../experts/expert-chip";
import { IconPen } from "../../ui/icons";
import { IconCode, IconCompass, IconLightbulb } from "../../ui/more-icons";

const SUGGESTIONS_NS = "suggestions";
// Spelled out (not a template-literal import): Vite's variable-import helper would be one more chunk for these.
const FILES = {
  vi: () => import("../../../../../locales/suggestions/vi.json"),
  en: () => import("../../../../../locales/suggestions/en.json"),
  ru: () => import("../../../../../locales/suggestions/ru.json"),
  zh: () => import("../../../../../locales/suggestions/zh.json"),
};
namespaceLoaders.set(SUGGESTIONS_NS, (lng) => FILES[lng]());

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
      <Suspense fallback={<div className="suggestions" />}>
        <Suggestions onPick={onPick} disabled={disabled} />
      </Suspense>
    </div>
  );
}

function Suggestions({ onPick, disabled }: { onPick: (prompt: string) => void; disabled: boolean }) {
  const { t } = useTranslation(SUGGESTIONS_NS);
  return (
    <div className="suggestions">
      {SUGGESTIONS.map(({ key, Icon }, index) => {
        const prompt = t(`${key}.prompt`);
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
            <span className="suggestion__title">{t(`${key}.title`)}</span>
            <span className="suggestion__prompt">{prompt}</span>
          </button>
        );
      })}
    </div>
  );
}
