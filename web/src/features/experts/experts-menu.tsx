// Sidebar > experts: start a new chat with an expert persona (English professor, market analyst). The chat is created
// with its persona on the first send (chat-actions), and the new-chat page shows which expert will answer.
import { useNavigate } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { EXPERT_PERSONAS, type ExpertPersonaId } from "../../../../worker/protocol/settings";
import { STORAGE_KEYS, writeItem } from "../../lib/storage";
import { IconClose, IconCompass, IconLightbulb } from "../ui/icons";
import { newChatPersonaAtom } from "./experts.atoms";

export function ExpertsMenu({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useAtom(newChatPersonaAtom);
  const start = (persona: ExpertPersonaId) => {
    writeItem(STORAGE_KEYS.currentChatId, null);
    void navigate({ to: "/" });
    setCurrent(persona);
    onPick();
  };
  return (
    <nav className="experts" aria-label={t("experts.title")}>
      <div className="experts__title">{t("experts.title")}</div>
      {EXPERT_PERSONAS.map((p) => (
        <button
          key={p}
          type="button"
          className="sidebar__link"
          data-testid={`expert-${p}`}
          aria-current={current === p || undefined}
          onClick={() => start(p)}
        >
          {p === "english-professor" ? <IconLightbulb size={18} /> : <IconCompass size={18} />}
          <span>{t(`experts.${p}.name`)}</span>
        </button>
      ))}
    </nav>
  );
}

/** On the new-chat page: which expert will answer, with a way back to a plain chat. */
export function ExpertChip() {
  const { t } = useTranslation();
  const [persona, setPersona] = useAtom(newChatPersonaAtom);
  if (!persona) return null;
  return (
    <p className="expert-chip" data-testid="expert-chip">
      <span>{t("experts.chip", { name: t(`experts.${persona}.name`) })}</span>
      <span className="expert-chip__desc">{t(`experts.${persona}.description`)}</span>
      <button type="button" className="icon-btn" aria-label={t("experts.clear")} onClick={() => setPersona(null)}>
        <IconClose size={16} />
      </button>
    </p>
  );
}
