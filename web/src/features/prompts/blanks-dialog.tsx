// The blanks form: a prompt with {{fields}} asks for each before its text goes into the chat input. One input per
// field, labelled with the field's name as the prompt writes it (so in the prompt's language), in the order of first
// appearance; a preview shows the text as it will be. A field left empty stays as written in the input.
import { useEffect, useId, useRef, useState } from "react";
import { fillPromptBlanks, promptBlanks } from "../../../../worker/protocol/prompt-blanks";
import { Dialog } from "../ui/dialog";
import { useLibraryTexts } from "./library-texts";
import type { PromptToUse } from "./use-prompt";

/** Longest value of one field, in characters (the whole prompt goes into the input, which takes far more). */
const BLANK_VALUE_MAX = 500;

export function BlanksDialog({
  prompt,
  onClose,
  onFill,
}: {
  prompt: PromptToUse | null;
  onClose: () => void;
  onFill: (prompt: PromptToUse, values: Record<string, string>) => void;
}) {
  const { t } = useLibraryTexts();
  return (
    <Dialog
      open={prompt !== null}
      onClose={onClose}
      size="md"
      testId="blanks-dialog"
      title={prompt?.title}
      description={t("prompts.blanks.intro")}
    >
      {/* keyed by the prompt: a new prompt starts from empty fields */}
      {prompt ? <BlanksForm key={prompt.text} prompt={prompt} onClose={onClose} onFill={onFill} /> : null}
    </Dialog>
  );
}

function BlanksForm({
  prompt,
  onClose,
  onFill,
}: {
  prompt: PromptToUse;
  onClose: () => void;
  onFill: (prompt: PromptToUse, values: Record<string, string>) => void;
}) {
  const { t } = useLibraryTexts();
  const id = useId();
  const names = promptBlanks(prompt.text);
  const [values, setValues] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);
  // the first field, once the dialog has opened (opening focuses its first button: the close ×)
  useEffect(() => {
    const frame = requestAnimationFrame(() => first.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <form
      className="blanks"
      onSubmit={(e) => {
        e.preventDefault();
        onFill(prompt, values);
      }}
    >
      {names.map((name, i) => (
        <div className="blanks__field" key={name}>
          <label className="blanks__label" htmlFor={`${id}-${i}`}>
            {name}
          </label>
          <input
            id={`${id}-${i}`}
            className="input"
            data-testid="blank-input"
            data-name={name}
            maxLength={BLANK_VALUE_MAX}
            ref={i === 0 ? first : undefined}
            value={values[name] ?? ""}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
        </div>
      ))}
      <h3 className="prompt-detail__label">{t("prompts.blanks.preview")}</h3>
      <pre className="prompt-detail__text blanks__preview" data-testid="blanks-preview">
        {fillPromptBlanks(prompt.text, values)}
      </pre>
      <div className="dialog__footer">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t("common.cancel", { ns: "translation" })}
        </button>
        <button type="submit" className="btn btn--primary" data-testid="blanks-submit">
          {t("prompts.blanks.submit")}
        </button>
      </div>
    </form>
  );
}
