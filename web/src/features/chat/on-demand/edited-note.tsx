// An edited question's mark: "edited", and its first text on request (kept as original_message).
// Loaded only when a chat has an edited question.
import { useState } from "react";
import { useTranslation } from "react-i18next";

export function EditedNote({ original }: { original: string }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <>
      <span className="msg__edited" data-testid="edited-mark">
        {t("conversation.edited")}
      </span>
      <button
        type="button"
        className="link-btn"
        data-testid="toggle-original"
        aria-expanded={show}
        onClick={() => setShow(!show)}
      >
        {show ? t("conversation.hideOriginal") : t("conversation.showOriginal")}
      </button>
      {show ? (
        <div className="msg__original" data-testid="original-message">
          <span className="msg__original-label">{t("conversation.original")}</span>
          {original}
        </div>
      ) : null}
    </>
  );
}
