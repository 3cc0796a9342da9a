// /prompts: the prompt library. A search box (searching title and text in the user's language), the most popular
// prompts (by real use counts), the other prompts by category with "show more" (the list's cursor), and a prompt's
// detail dialog whose "Use prompt" fills a new chat's input box; a second tab, "My prompts", holds the user's own.
// Using any prompt with {{blanks}} asks for them first (blanks-dialog.tsx).
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { promptBlanks } from "../../../../worker/protocol/prompt-blanks";
import { PROMPT_QUERY_MAX, type Prompt } from "../../../../worker/protocol/prompts";
import { BlanksDialog } from "./blanks-dialog";
import { useLibraryTexts } from "./library-texts";
import { MyPrompts } from "./my-prompts";
import { PromptCard } from "./prompt-card";
import { PromptDialog } from "./prompt-dialog";
import { popularPromptsQuery, promptLanguage, promptListQuery } from "./prompts.queries";
import { type PromptToUse, useUsePrompt } from "./use-prompt";
import "./prompts.css";

/** Pause in typing before the search runs, in milliseconds. */
const SEARCH_DEBOUNCE_MS = 250;

export function PromptsPage() {
  const { t, i18n, ready } = useLibraryTexts();
  const { t: tMain } = useTranslation();
  const lang = promptLanguage(i18n.language);
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState<Prompt | null>(null);
  const [tab, setTab] = useState<"library" | "mine">("library");
  const [filling, setFilling] = useState<PromptToUse | null>(null);
  const applyPrompt = useUsePrompt();
  const startPrompt = (p: PromptToUse) => (promptBlanks(p.text).length ? setFilling(p) : applyPrompt(p));
  const searchId = useId();
  const searching = q.length > 0;
  const library = tab === "library";

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const popular = useQuery({ ...popularPromptsQuery(lang), enabled: library && !searching });
  const list = useInfiniteQuery({
    ...promptListQuery(lang, q, searching ? undefined : category),
    enabled: library,
  });
  const popularIds = new Set((popular.data ?? []).map((p) => p.id));
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items).filter((p) => searching || !popularIds.has(p.id));
  const categories = pages[0]?.categories ?? [];

  if (!ready) return <span className="spinner" aria-hidden="true" />;
  return (
    <div className="prompts" data-testid="prompts-page">
      <h1 className="prompts__title">{t("prompts.title")}</h1>
      <p className="prompts__intro">{t("prompts.intro")}</p>
      <div className="prompts__tabs" role="tablist" aria-label={t("prompts.title")}>
        {(["library", "mine"] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`prompts__tab${tab === id ? " is-active" : ""}`}
            data-testid="prompts-tab"
            data-tab={id}
            onClick={() => setTab(id)}
          >
            {t(`prompts.tabs.${id}`)}
          </button>
        ))}
      </div>
      <label className="visually-hidden" htmlFor={searchId}>
        {t("prompts.search")}
      </label>
      <input
        id={searchId}
        type="search"
        className="input prompts__search"
        data-testid="prompts-search"
        placeholder={t("prompts.search")}
        maxLength={PROMPT_QUERY_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />

      {library ? (
        <>
          {list.isError || popular.isError ? (
            <div className="notice notice--error" role="alert">
              {errorMessage(tMain, list.error ?? popular.error)}
            </div>
          ) : null}

          {!searching && popular.data?.length ? (
            <section className="prompts__section" aria-labelledby={`${searchId}-popular`} data-testid="prompts-popular">
              <h2 id={`${searchId}-popular`} className="prompts__heading">
                {t("prompts.popular")}
              </h2>
              <ul className="prompts__grid">
                {popular.data.map((p) => (
                  <PromptCard key={p.id} prompt={p} onOpen={setOpen} />
                ))}
              </ul>
            </section>
          ) : null}

          <section
            className="prompts__section"
            aria-labelledby={`${searchId}-others`}
            data-testid={searching ? "prompts-results" : "prompts-others"}
          >
            <h2 id={`${searchId}-others`} className="prompts__heading">
              {searching ? t("prompts.results", { count: pages[0]?.total ?? 0 }) : t("prompts.others")}
            </h2>
            {!searching ? (
              <div className="prompts__categories" role="group" aria-label={t("prompts.categories")}>
                {[{ id: undefined, name: t("prompts.all") }, ...categories].map((c) => (
                  <button
                    key={c.id ?? ""}
                    type="button"
                    className={`chip${category === c.id ? " is-active" : ""}`}
                    aria-pressed={category === c.id}
                    data-testid="prompts-category"
                    onClick={() => setCategory(c.id)}
                  >
                    {c.name}
                  </button>
                ))}
              </div>
            ) : null}
            {list.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {list.isSuccess && items.length === 0 && searching ? (
              <p className="prompts__empty" data-testid="prompts-empty" role="status">
                {t("prompts.empty")}
              </p>
            ) : null}
            <ul className="prompts__grid" data-testid="prompts-list">
              {items.map((p) => (
                <PromptCard key={p.id} prompt={p} onOpen={setOpen} />
              ))}
            </ul>
            {list.hasNextPage ? (
              <button
                type="button"
                className="btn btn--ghost prompts__more"
                data-testid="prompts-more"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t("prompts.more")}
              </button>
            ) : null}
          </section>
        </>
      ) : (
        <MyPrompts search={q} onUse={startPrompt} />
      )}

      <PromptDialog prompt={open} onClose={() => setOpen(null)} onUse={startPrompt} />
      <BlanksDialog
        prompt={filling}
        onClose={() => setFilling(null)}
        onFill={(p, values) => {
          setFilling(null);
          applyPrompt(p, values);
        }}
      />
    </div>
  );
}
