// Renaming a chat: a small dialog with the current title selected, saved with Enter.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/signed-in/dialog-on-demand";
import { HISTORY_TEXTS } from "./history-texts";

/** Longest title the dialog accepts, in characters. */
const MAX_TITLE = 200;

export function RenameDialog({
  chat,
  onClose,
  onSave,
}: {
  chat: { id: string; title: string } | null;
  onClose: () => void;
  onSave: (id: string, title: string) => void;
}) {
  const { t } = useTranslation(HISTORY_TEXTS); // suspends until the texts are in
  const [title, setTitle] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!chat) return;
    setTitle(chat.title);
    requestAnimationFrame(() => inputRef.current?.select());
  }, [chat]);

  const trimmed = title.trim();
  return (
    <Dialog open={chat !== null} onClose={onClose} title={t("renameTitle")} testId="rename-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!chat || !trimmed) return;
          if (trimmed !== chat.title) onSave(chat.id, trimmed);
          onClose();
        }}
      >
        <label htmlFor="rename-input" className="visually-hidden">
          {t("renameLabel")}
        </label>
        <input
          id="rename-input"
          ref={inputRef}
          className="input"
          data-testid="rename-input"
          value={title}
          maxLength={MAX_TITLE}
          onChange={(e) => setTitle(e.target.value)}
          autoFocus
        />
        <div className="dialog__footer">
          <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="rename-cancel">
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!trimmed} data-testid="rename-save">
            {t("common.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
