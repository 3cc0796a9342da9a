// On the new-chat page: which expert will answer (picked in the sidebar's experts), with a way back to a plain chat.
import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { IconClose } from "../ui/icons";
import { newChatPersonaAtom } from "./experts.atoms";

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
