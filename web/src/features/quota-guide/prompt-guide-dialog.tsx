// The prompt guide: where the "Prompt guide" action of a usage warning leads (Advanced+ users, who have no bigger plan
// to move to, get the most out of each remaining use instead). Short advice on writing a question that is answered
// well the first time, in the user's language, and the way to the prompt library. Loaded only when opened.
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QUOTA_NS } from "./quota-i18n";
import { Dialog } from "../ui/dialog";
import { IconSparkle } from "../ui/more-icons";
import "./prompt-guide.css";

/** The guide's tips, in order; each has a title and a text under promptGuide.tips.<key> (locales/quota/<lng>.json). */
export const PROMPT_GUIDE_TIPS = ["goal", "context", "format", "example", "iterate"] as const;

export function PromptGuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(QUOTA_NS); // suspends until the guide's texts are loaded
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      testId="prompt-guide"
      icon={<IconSparkle size={22} />}
      title={t("quota:promptGuide.title")}
      description={t("quota:promptGuide.intro")}
      footer={
        <>
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="prompt-guide-library"
            onClick={() => {
              onClose();
              void navigate({ to: "/prompts" });
            }}
          >
            {t("quota:promptGuide.library")}
          </button>
          <button type="button" className="btn btn--primary" data-testid="prompt-guide-close" onClick={onClose}>
            {t("quota:promptGuide.done")}
          </button>
        </>
      }
    >
      <ol className="prompt-guide">
        {PROMPT_GUIDE_TIPS.map((key) => (
          <li key={key} data-testid="prompt-guide-tip">
            <strong>{t(`quota:promptGuide.tips.${key}.title`)}</strong>
            <span>{t(`quota:promptGuide.tips.${key}.text`)}</span>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
