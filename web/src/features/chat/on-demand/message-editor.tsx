// Editing a question in place: its text in a box where it was, Enter (or Save) sends the new text — the answer then
// arrives as an edit reply — and Escape (or Cancel) leaves it as it was. Shift+Enter makes a new line; an IME
// composing is never interrupted.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Tallest the box grows before it scrolls, in pixels. */
const MAX_HEIGHT_PX = 320;

export function MessageEditor({
  text,
  onSave,
  onCancel,
}: {
  text: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(text);
  const ref = useRef<HTMLTextAreaElement>(null);
  const canSave = value.trim().length > 0 && value.trim() !== text.trim();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value]);

  useEffect(() => {
    const el = ref.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
      return;
    }
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    if (canSave) onSave(value);
  };

  return (
    <form
      className="msg__editor"
      data-testid="message-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSave) onSave(value);
      }}
    >
      <textarea
        ref={ref}
        className="msg__editor-input"
        data-testid="message-editor-input"
        aria-label={t("conversation.edit")}
        rows={1}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="msg__editor-actions">
        <button type="button" className="btn btn--ghost btn--sm" data-testid="message-editor-cancel" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <button
          type="submit"
          className="btn btn--primary btn--sm"
          data-testid="message-editor-save"
          disabled={!canSave}
        >
          {t("conversation.save")}
        </button>
      </div>
    </form>
  );
}
