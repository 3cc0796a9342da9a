// /affiliate-faq/$questionId: one question with its answer, its category and when it was last edited, the related
// questions, contact support, and the ways back to the list and to the dashboard.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { formatDate } from "../plans/prices/pricing";
import { faqLanguage, faqQuestionQuery } from "./affiliate.queries";
import { SupportLink } from "./support-link";
import "../plans/plans.css";
import "./affiliate.css";
import { usePlansTexts } from "../plans/plans-texts";
import { FAQ_HASH, questionHash } from "./faq-search";

export function FaqQuestion({ questionId }: { questionId: string }) {
  const { t, i18n, ready } = usePlansTexts();
  const { t: tMain } = useTranslation();
  const lang = faqLanguage(i18n.language);
  const entry = useQuery(faqQuestionQuery(questionId, lang));

  if (!ready) return <span className="spinner" aria-hidden="true" />;
  return (
    <div className="affiliate faq" data-testid="faq-question-page">
      <nav className="faq__nav">
        <a href={`#${FAQ_HASH}`} className="btn btn--ghost btn--sm" data-testid="faq-back-list">
          ← {t("faq.backToList")}
        </a>
        {/* biome-ignore lint/a11y/useValidAnchor: "#" is the dashboard: the affiliate page routes by its hash (FAQ_HASH) */}
        <a href="#" className="btn btn--ghost btn--sm" data-testid="faq-back">
          {t("faq.back")}
        </a>
        <SupportLink />
      </nav>
      {entry.isPending ? <span className="spinner" aria-hidden="true" /> : null}
      {entry.isError ? (
        <div className="notice notice--error" role="alert">
          {entry.error instanceof ApiError && entry.error.status === 404
            ? t("faq.notFound")
            : errorMessage(tMain, entry.error)}
        </div>
      ) : null}
      {entry.data ? (
        <article className="faq-answer" aria-labelledby="faq-question-title">
          <h1 id="faq-question-title" className="affiliate__title" data-testid="faq-question">
            {entry.data.question.question}
          </h1>
          <p className="faq-item__meta">
            {t("faq.updated", { date: formatDate(entry.data.question.updated_at, i18n.language) })}
          </p>
          <p className="faq-answer__text" data-testid="faq-answer">
            {entry.data.question.answer}
          </p>
          {entry.data.related.length > 0 ? (
            <section aria-labelledby="faq-related-title">
              <h2 id="faq-related-title" className="affiliate-card__title">
                {t("faq.related")}
              </h2>
              <ul className="faq__items faq__items--list">
                {entry.data.related.map((r) => (
                  <li key={r.id} className="faq-item" data-testid="faq-related" data-id={r.id}>
                    <a href={`#${questionHash(r.id)}`} className="faq-item__link">
                      <span className="faq-item__q">{r.question}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
      ) : null}
    </div>
  );
}
