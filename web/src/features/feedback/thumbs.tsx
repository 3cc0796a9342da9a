// Thumbs up and down under an answer, in its tools row (loaded just after the message tools, feedback-buttons.tsx): each shows whether it is the answer's rating, read with the chat's ratings in one call the first time
// an answer's tools show (feedback.queries.ts). A thumb pressed again takes the rating back. A thumbs down is saved at
// once and opens a small form for a reason and a comment (feedback-form.tsx, loaded then).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedbackPut } from "../../../../worker/protocol/feedback";
import { type IconProps, Svg } from "../ui/icons";
import { FEEDBACK_TEXTS } from "./feedback-texts";
import { chatFeedbackQuery, saveFeedback } from "./feedback.queries";

const FeedbackForm = lazy(() => import("./feedback-form").then((m) => ({ default: m.FeedbackForm })));

const IconThumbUp = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 10v12" />
    <path d="M15 5.9 14 10h5.8a2 2 0 0 1 1.9 2.6l-2.3 8a2 2 0 0 1-1.9 1.4H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.8a2 2 0 0 0 1.8-1.1L12 2a3.1 3.1 0 0 1 3 3.9Z" />
  </Svg>
);

const IconThumbDown = (p: IconProps) => (
  <Svg {...p}>
    <path d="M17 14V2" />
    <path d="M9 18.1 10 14H4.2a2 2 0 0 1-1.9-2.6l2.3-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.8a2 2 0 0 0-1.8 1.1L12 22a3.1 3.1 0 0 1-3-3.9Z" />
  </Svg>
);

/** The thumbs of one answer of the open chat `chatId`. */
export function ChatThumbs({ chatId, messageId }: { chatId: string; messageId: string }) {
  const { t } = useTranslation(FEEDBACK_TEXTS);
  const qc = useQueryClient();
  const ratings = useQuery(chatFeedbackQuery(chatId));
  const current = ratings.data?.[messageId] ?? null;
  const [formOpen, setFormOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const send = (put: FeedbackPut | null) => {
    setFailed(false);
    saveFeedback(qc, chatId, messageId, put).catch(() => setFailed(true));
  };
  const up = current?.rating === "up";
  const down = current?.rating === "down";
  return (
    // the regenerate controls' box (chat.css): the form is placed above it, and no stylesheet loads with the thumbs
    <span className="msg__regenerate feedback" data-testid="feedback" data-rating={current?.rating ?? ""}>
      <button
        type="button"
        className={`icon-btn icon-btn--sm${up ? " is-active" : ""}`}
        data-testid="feedback-up"
        aria-pressed={up}
        aria-label={t(up ? "feedback.removeGood" : "feedback.good")}
        data-tooltip={t(up ? "feedback.removeGood" : "feedback.good")}
        onClick={() => {
          setFormOpen(false);
          send(up ? null : { rating: "up", comment: null });
        }}
      >
        <IconThumbUp size={16} fill={up ? "currentColor" : "none"} />
      </button>
      <button
        type="button"
        className={`icon-btn icon-btn--sm${down ? " is-active" : ""}`}
        data-testid="feedback-down"
        aria-pressed={down}
        aria-haspopup="dialog"
        aria-expanded={formOpen}
        aria-label={t(down ? "feedback.removeBad" : "feedback.bad")}
        data-tooltip={t(down ? "feedback.removeBad" : "feedback.bad")}
        onClick={() => {
          if (down) {
            setFormOpen(false);
            send(null);
          } else {
            send({ rating: "down" });
            setFormOpen(true);
          }
        }}
      >
        <IconThumbDown size={16} fill={down ? "currentColor" : "none"} />
      </button>
      {formOpen ? (
        <Suspense fallback={null}>
          <FeedbackForm
            initial={current}
            onClose={() => setFormOpen(false)}
            onSend={(reason, comment) => {
              setFormOpen(false);
              send({ rating: "down", reason, comment });
            }}
          />
        </Suspense>
      ) : null}
      {failed ? (
        <span role="status" className="feedback__error">
          {t("feedback.failed")}
        </span>
      ) : null}
    </span>
  );
}
