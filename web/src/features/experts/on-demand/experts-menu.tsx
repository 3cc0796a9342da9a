// Sidebar > experts: start a new chat with an expert persona (English professor, market analyst). The chat is created
// with its persona on the first send (chat-actions), and the new-chat page shows which expert will answer
// (expert-chip.tsx). The sidebar folds the experts under their heading and loads this list when it first opens.
import { useNavigate } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { EXPERT_PERSONAS, type ExpertPersonaId } from "../../../../../worker/protocol/settings";
import { STORAGE_KEYS, writeItem } from "../../../lib/storage";
import { IconCompass, IconLightbulb } from "../../ui/more-icons";
import { newChatPersonaAtom } from "../experts.atoms";

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
