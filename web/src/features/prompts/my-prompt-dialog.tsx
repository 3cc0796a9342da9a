// Saving one of "My prompts": a title and a text, where typing {{name}} makes a blank to fill in each time it is used
// (the fields found so far are listed under the text). New, or an edit of an existing one.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { promptBlanks } from "../../../../worker/protocol/prompt-blanks";
import { USER_PROMPT_TEXT_MAX, USER_PROMPT_TITLE_MAX, type UserPrompt } from "../../../../worker/protocol/prompts";
import { Dialog } from "../ui/dialog";
import { useLibraryTexts } from "./library-texts";
import { myPromptCalls, promptKeys } from "./prompts.queries";

/** What the form edits: a saved prompt, or "new" for an empty form; null while closed. */
export type MyPromptEditing = UserPrompt | "new" | null;

export function MyPromptDialog({ editing, onClose }: { editing: MyPromptEditing; onClose: () => void }) {
  const { t } = useLibraryTexts();
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      size="md"
      testId="my-prompt-form"
      title={editing === "new" ? t("prompts.mine.newTitle") : t("prompts.mine.editTitle")}
    >
      {editing ? <PromptFields key={editing === "new" ? "" : editing.id} editing={editing} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PromptFields({ editing, onClose }: { editing: UserPrompt | "new"; onClose: () => void }) {
  const { t } = useLibraryTexts();
  const { t: tMain } = useTranslation();
  const qc = useQueryClient();
  const id = useId();
  const saved = editing === "new" ? null : editing;
  const [title, setTitle] = useState(saved?.title ?? "");
  const [text, setText] = useState(saved?.text ?? "");
  const save = useMutation({
    mutationFn: () => {
      const body = { title: title.trim(), text: text.trim() };
      return saved ? myPromptCalls.update(saved.id, body) : myPromptCalls.create(body);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: promptKeys.mine });
      onClose();
    },
  });
  const titleRef = useRef<HTMLInputElement>(null);
  // the title, once the dialog has opened (opening focuses its first button: the close ×)
  useEffect(() => {
    const frame = requestAnimationFrame(() => titleRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const blanks = promptBlanks(text);
  const ready = title.trim() !== "" && text.trim() !== "";
  return (
    <form
      className="my-prompt-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !save.isPending) save.mutate();
      }}
    >
      <label className="blanks__label" htmlFor={`${id}-title`}>
        {t("prompts.mine.titleLabel")}
      </label>
      <input
        id={`${id}-title`}
        className="input"
        data-testid="my-prompt-title"
        maxLength={USER_PROMPT_TITLE_MAX}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        ref={titleRef}
      />
      <label className="blanks__label" htmlFor={`${id}-text`}>
        {t("prompts.mine.textLabel")}
      </label>
      <textarea
        id={`${id}-text`}
        className="input my-prompt-form__text"
        data-testid="my-prompt-text"
        rows={7}
        maxLength={USER_PROMPT_TEXT_MAX}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${id}-hint`} className="prompt-detail__meta">
        {t("prompts.mine.blankHint", { example: `{{${t("prompts.mine.blankExample")}}}` })}
      </p>
      {blanks.length ? (
        <p className="prompt-detail__meta" data-testid="my-prompt-blanks">
          {t("prompts.mine.blanksFound", { names: blanks.join(", ") })}
        </p>
      ) : null}
      {save.isError ? (
        <div className="notice notice--error" role="alert">
          {errorMessage(tMain, save.error)}
        </div>
      ) : null}
      <div className="dialog__footer">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {tMain("common.cancel")}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          data-testid="my-prompt-save"
          disabled={!ready || save.isPending}
        >
          {tMain("common.save")}
        </button>
      </div>
    </form>
  );
}
