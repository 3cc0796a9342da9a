// The chat search screen (/search): one box that finds the user's chats by title and by what was said in them.
// Typing asks the worker once per pause (debounced); results are grouped today / yesterday / 3-7 days ago /
// 7+ days ago, each with its title and the matching snippet highlighted; picking one opens the chat at that message.
// A user with projects can limit the search to one of them.
// The query lives in the URL (?q=), so back and reload keep it.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HistorySearchChat } from "../../../../../worker/protocol/history-search";
import { IconSearch } from "../../chat/conversation-icons";
import { groupByDate } from "./group-search-results";
import { Highlight } from "./highlight";
import { historySearchQuery, normalizeQuery } from "./history-search.queries";
import { useDebounced } from "./use-debounced";
import { ProjectFilter } from "../../projects/on-demand/project-filter";
import "./search.css";

/** Pause in typing before the worker is asked, in milliseconds. */
const DEBOUNCE_MS = 250;

function Result({ chat }: { chat: HistorySearchChat }) {
  return (
    <li>
      <Link
        to="/c/$chatId"
        params={{ chatId: chat.chat_id }}
        search={chat.message_id ? { m: chat.message_id } : {}}
        className="search-result"
        data-testid="search-result"
        data-chat-id={chat.chat_id}
        data-message-id={chat.message_id ?? undefined}
      >
        <span className="search-result__title">
          <Highlight
            segments={chat.title_highlight.length ? chat.title_highlight : [{ text: chat.title, match: false }]}
          />
        </span>
        {chat.snippet ? (
          <span className="search-result__snippet" data-testid="search-snippet">
            <Highlight segments={chat.snippet} />
          </span>
        ) : null}
      </Link>
    </li>
  );
}

export function SearchScreen({
  initialQuery,
  onQueryChange,
}: {
  initialQuery: string;
  onQueryChange: (q: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(initialQuery);
  const q = normalizeQuery(useDebounced(text, DEBOUNCE_MS));
  const inputRef = useRef<HTMLInputElement>(null);
  const [projectId, setProjectId] = useState("");
  const results = useInfiniteQuery(historySearchQuery(q, projectId || undefined));

  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  useEffect(() => {
    if (q !== normalizeQuery(initialQuery)) onQueryChange(q);
  }, [q, initialQuery, onQueryChange]);
  useEffect(() => {
    document.title = `${t("conversation.searchTitle")} · Mây`;
  }, [t]);

  const chats = useMemo(() => results.data?.pages.flatMap((p) => p.data) ?? [], [results.data]);
  const groups = useMemo(() => groupByDate(chats, (c) => c.last_message_at), [chats]);
  const settled = q.length > 0 && !results.isPending && !results.isError;

  return (
    <div className="search-screen" data-testid="search-screen">
      <h1 className="visually-hidden">{t("conversation.searchTitle")}</h1>
      <form
        role="search"
        className="search-box"
        onSubmit={(e) => {
          e.preventDefault();
          const first = chats[0];
          if (first)
            void navigate({
              to: "/c/$chatId",
              params: { chatId: first.chat_id },
              search: first.message_id ? { m: first.message_id } : {},
            });
        }}
      >
        <IconSearch size={18} />
        <label htmlFor="history-search" className="visually-hidden">
          {t("conversation.searchTitle")}
        </label>
        <input
          id="history-search"
          ref={inputRef}
          type="search"
          className="search-box__input"
          data-testid="history-search-input"
          placeholder={t("conversation.searchTitle")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
        {results.isFetching ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
      </form>
      <ProjectFilter value={projectId} onChange={setProjectId} />
      <div className="search-results" aria-live="polite" data-testid="search-results" data-count={chats.length}>
        {q.length === 0 ? <p className="search-results__hint">{t("conversation.searchHint")}</p> : null}
        {results.isError ? (
          <p className="search-results__hint" role="alert">
            {t("conversation.searchFailed")}
          </p>
        ) : null}
        {settled && chats.length === 0 ? <p className="search-results__hint">{t("conversation.searchEmpty")}</p> : null}
        {groups.map((group) => (
          <section key={group.key} className="search-group" data-testid="search-group" data-group={group.key}>
            <h2 className="search-group__title">{t(`history.groups.${group.key}`)}</h2>
            <ul>
              {group.items.map((chat) => (
                <Result key={chat.chat_id} chat={chat} />
              ))}
            </ul>
          </section>
        ))}
        {results.hasNextPage ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm search-results__more"
            onClick={() => void results.fetchNextPage()}
            disabled={results.isFetchingNextPage}
          >
            {t("history.more")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
