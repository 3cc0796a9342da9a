// /affiliate-faq: the affiliate FAQ. Categories, a search box, sorting by recent / popular / alphabetical, a list or
// grid view (screen state, kept while the screen is open), each question leading to its answer; contact support and
// the way back to the affiliate dashboard.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { faqLanguage, faqListQuery } from "./affiliate.queries";
import {
  FAQ_QUERY_MAX,
  FAQ_SORTS,
  FAQ_VIEWS,
  type FaqSearch,
  INITIAL_FAQ_SEARCH,
  SEARCH_DEBOUNCE_MS,
} from "./faq-search";
import { SupportLink } from "./support-link";
import "../plans/plans.css";
import "./affiliate.css";
import { usePlansTexts } from "../plans/plans-texts";
import { questionHash } from "./faq-search";

export function FaqList() {
  const { t, i18n, ready } = usePlansTexts();
  const { t: tMain } = useTranslation();
  const lang = faqLanguage(i18n.language);
  const [search, setSearch] = useState<FaqSearch>(INITIAL_FAQ_SEARCH);
  const [text, setText] = useState("");
  const searchId = useId();
  const sortId = useId();
  const { sort, view } = search;
  const list = useQuery(faqListQuery({ lang, q: search.q, category: search.category, sort }));
  const onSearch = (next: FaqSearch) => setSearch(next);

  // the search runs after a pause in typing
  useEffect(() => {
    const timer = setTimeout(() => setSearch((s) => (s.q === text ? s : { ...s, q: text })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  if (!ready) return <span className="spinner" aria-hidden="true" />;
  const data = list.data;
  return (
    <div className="affiliate faq" data-testid="faq-page">
      <nav className="faq__nav">
        {/* biome-ignore lint/a11y/useValidAnchor: "#" is the dashboard: the affiliate page routes by its hash (FAQ_HASH) */}
        <a href="#" className="btn btn--ghost btn--sm" data-testid="faq-back">
          ← {t("faq.back")}
        </a>
        <SupportLink />
      </nav>
      <h1 className="affiliate__title">{t("faq.title")}</h1>

      <div className="faq__controls">
        <label className="visually-hidden" htmlFor={searchId}>
          {t("faq.search")}
        </label>
        <input
          id={searchId}
          type="search"
          className="input faq__search"
          data-testid="faq-search"
          placeholder={t("faq.search")}
          maxLength={FAQ_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label className="faq__sort" htmlFor={sortId}>
          <span>{t("faq.sortBy")}</span>
          <select
            id={sortId}
            className="input"
            data-testid="faq-sort"
            value={sort}
            onChange={(e) => {
              const next = FAQ_SORTS.find((s) => s === e.target.value);
              if (next) onSearch({ ...search, sort: next });
            }}
          >
            {FAQ_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`faq.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="faq__views" role="group" aria-label={t("faq.view")}>
          {FAQ_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className={`btn btn--sm${view === v ? " btn--primary" : " btn--ghost"}`}
              aria-pressed={view === v}
              data-testid={`faq-view-${v}`}
              onClick={() => onSearch({ ...search, view: v })}
            >
              {t(`faq.views.${v}`)}
            </button>
          ))}
        </div>
      </div>

      <div className="faq__categories" role="group" aria-label={t("faq.categories")}>
        <button
          type="button"
          className={`chip${!search.category ? " is-active" : ""}`}
          aria-pressed={!search.category}
          data-testid="faq-category"
          data-category=""
          onClick={() => onSearch({ ...search, category: undefined })}
        >
          {t("faq.all")}
        </button>
        {data?.categories.map((c) => (
          <button
            key={c.id}
            type="button"
            className={`chip${search.category === c.id ? " is-active" : ""}`}
            aria-pressed={search.category === c.id}
            data-testid="faq-category"
            data-category={c.id}
            onClick={() => onSearch({ ...search, category: c.id })}
          >
            {c.name} <span className="chip__count">{c.count}</span>
          </button>
        ))}
      </div>

      {list.isError ? (
        <div className="notice notice--error" role="alert">
          {errorMessage(tMain, list.error)}
        </div>
      ) : null}
      {list.isPending ? <span className="spinner" aria-hidden="true" /> : null}

      {data ? (
        <>
          <p className="faq__count" role="status" data-testid="faq-count">
            {t("faq.count", { count: data.total })}
          </p>
          {data.questions.length === 0 ? (
            <p className="affiliate__hint" data-testid="faq-empty">
              {t("faq.empty")}
            </p>
          ) : (
            <ul className={`faq__items faq__items--${view}`} data-testid="faq-items" data-view={view}>
              {data.questions.map((q) => (
                <li key={q.id} className="faq-item" data-testid="faq-item" data-id={q.id}>
                  <a href={`#${questionHash(q.id)}`} className="faq-item__link">
                    <span className="faq-item__q">{q.question}</span>
                    <span className="faq-item__meta">
                      {data.categories.find((c) => c.id === q.category)?.name ?? q.category} ·{" "}
                      {t("faq.viewCount", { count: q.views })}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
