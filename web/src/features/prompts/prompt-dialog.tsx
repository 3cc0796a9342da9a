// A prompt's detail: its category, description and full text, and "Use prompt", which puts the text into a new
// chat's input box (through the blanks form when it has {{blanks}}: the page's onUse decides).
import type { Prompt } from "../../../../worker/protocol/prompts";
import { Dialog } from "../ui/dialog";
import { useLibraryTexts } from "./library-texts";
import type { PromptToUse } from "./use-prompt";

export function PromptDialog({
  prompt,
  onClose,
  onUse,
}: {
  prompt: Prompt | null;
  onClose: () => void;
  onUse: (p: PromptToUse) => void;
}) {
  const { t } = useLibraryTexts();
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
              onUse({ title: prompt.title, text: prompt.body, libraryId: prompt.id });
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
