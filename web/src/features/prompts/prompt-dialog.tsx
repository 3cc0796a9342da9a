// A prompt's detail: its category, description and full text, and "Use prompt", which puts the text into a new
// chat's input box.
import type { Prompt } from "../../../../worker/protocol/prompts";
import { Dialog } from "../ui/dialog";
import { useLibraryTexts } from "./library-texts";
import { useUsePrompt } from "./use-prompt";

export function PromptDialog({ prompt, onClose }: { prompt: Prompt | null; onClose: () => void }) {
  const { t } = useLibraryTexts();
  const applyPrompt = useUsePrompt();
  return (
    <Dialog
      open={prompt !== null}
      onClose={onClose}
      size="md"
      testId="prompt-dialog"
      title={prompt?.title}
      description={prompt ? `${prompt.category_name} · ${prompt.description}` : undefined}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.close", { ns: "translation" })}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="prompt-use"
            onClick={() => {
              if (!prompt) return;
              onClose();
              applyPrompt(prompt);
            }}
          >
            {t("prompts.use")}
          </button>
        </>
      }
    >
      {prompt ? (
        <div className="prompt-detail">
          <h3 className="prompt-detail__label">{t("prompts.text")}</h3>
          <pre className="prompt-detail__text" data-testid="prompt-text">
            {prompt.body}
          </pre>
          <p className="prompt-detail__meta">
            {t("prompts.uses", { count: prompt.uses })} · {t("prompts.hint")}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
