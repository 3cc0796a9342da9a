// The small form a thumbs down opens under an answer: why (inaccurate, unhelpful, unsafe, other) and a comment of up
// to 1,000 characters, both optional (the thumbs down itself is already saved). It opens below the thumbs, scrolled into
// view; Escape or a press outside closes it, focus going back to the thumb.
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  FEEDBACK_REASONS,
  type FeedbackEntry,
  type FeedbackReason,
  MAX_FEEDBACK_COMMENT_CHARS,
} from "../../../../worker/protocol/feedback";
import { useDismiss } from "../ui/signed-in/use-dismiss";
import { FEEDBACK_TEXTS } from "./feedback-texts";
// with the form, not the thumbs: a stylesheet in the message tools' chunk would be named in the signed-in chunk
import "./feedback.css";

export function FeedbackForm({
  initial,
  onSend,
  onClose,
}: {
  initial: FeedbackEntry | null;
  onSend: (reason: FeedbackReason | null, comment: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(FEEDBACK_TEXTS);
  const [reason, setReason] = useState<FeedbackReason | null>(initial?.reason ?? null);
  const [comment, setComment] = useState(initial?.comment ?? "");
  const formRef = useRef<HTMLFormElement>(null);
  // the trigger is the thumbs down just before the form: pressing it toggles, Escape returns focus to it
  const triggerRef = useRef<HTMLElement | null>(null);
  const refs = useMemo(() => [formRef, triggerRef], []);
  useDismiss(true, onClose, refs, triggerRef);
  useEffect(() => {
    const before = formRef.current?.previousElementSibling;
    triggerRef.current = before instanceof HTMLElement ? before : null;
    formRef.current?.scrollIntoView({ block: "nearest" });
    formRef.current?.querySelector<HTMLElement>("input")?.focus({ preventScroll: true });
  }, []);
  return (
    <form
      ref={formRef}
      className="menu feedback__form"
      data-testid="feedback-form"
      aria-label={t("feedback.formTitle")}
      onSubmit={(e) => {
        e.preventDefault();
        onSend(reason, comment.trim() || null);
      }}
    >
      <fieldset className="feedback__reasons">
        <legend className="menu__heading">{t("feedback.formTitle")}</legend>
        {FEEDBACK_REASONS.map((r) => (
          <label key={r} className={`feedback__reason${reason === r ? " is-active" : ""}`}>
            <input
              type="radio"
              name="reason"
              value={r}
              data-testid="feedback-reason"
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {t(`feedback.reasons.${r}`)}
          </label>
        ))}
      </fieldset>
      <label className="feedback__comment">
        <span>{t("feedback.comment")}</span>
        <textarea
          data-testid="feedback-comment"
          rows={3}
          maxLength={MAX_FEEDBACK_COMMENT_CHARS}
          placeholder={t("feedback.commentHint")}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <div className="feedback__actions">
        <button type="button" className="btn" onClick={onClose}>
          {t("feedback.close")}
        </button>
        <button type="submit" className="btn btn--primary" data-testid="feedback-send">
          {t("feedback.send")}
        </button>
      </div>
    </form>
  );
}
