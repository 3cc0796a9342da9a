// Search inside the open chat — the list is virtualized, so the browser's find-in-page cannot see messages that are
// not mounted; this asks the worker (GET /chat-sessions/search?chat_id=) instead. A small bar at the top of the chat:
// typing finds the matching messages (debounced), the newest match first; ↑/Enter step to older matches, ↓ to newer
// ones (wrapping), and each step scrolls the list to that message, loading older pages as needed. Escape closes.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { chatFindQuery, normalizeQuery } from "../history/history-search.queries";
import { useDebounced } from "../history/use-debounced";
import { IconChevronDown, IconClose } from "../ui/icons";
import { findOpenAtom } from "./chat.atoms";
import { type IconProps, IconSearch, Svg } from "./conversation-icons";

const IconChevronUp = (p: IconProps) => (
  <Svg {...p}>
    <path d="m6 15 6-6 6 6" />
  </Svg>
);

/** Pause in typing before the worker is asked, in milliseconds. */
const DEBOUNCE_MS = 250;
/** Pages of matches fetched at most (50 each): enough to step through, bounded for a very common word. */
const MAX_PAGES = 10;

export function FindBar({ chatId, onFocus }: { chatId: string; onFocus: (messageId: string) => void }) {
  const { t } = useTranslation();
  const setOpen = useSetAtom(findOpenAtom);
  const [text, setText] = useState("");
  const q = normalizeQuery(useDebounced(text, DEBOUNCE_MS));
  const found = useInfiniteQuery(chatFindQuery(chatId, q));
  const inputRef = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(-1);

  const matches = useMemo(() => found.data?.pages.flatMap((p) => p.data) ?? [], [found.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = found;
  const pages = found.data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && pages < MAX_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, pages, fetchNextPage]);

  // A new query starts at its newest match, the one nearest the end of the chat where the reader usually is.
  const complete = !hasNextPage || pages >= MAX_PAGES;
  useEffect(() => {
    setCurrent(-1);
  }, [q]);
  useEffect(() => {
    if (current === -1 && complete && matches.length > 0) setCurrent(matches.length - 1);
  }, [current, complete, matches.length]);
  const match = current >= 0 ? matches[current] : undefined;
  useEffect(() => {
    if (match) onFocus(match.message_id);
  }, [match, onFocus]);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const step = (by: number) => {
    if (!matches.length) return;
    setCurrent((c) => (((c < 0 ? matches.length : c) + by) % matches.length + matches.length) % matches.length);
  };
  const close = () => setOpen(false);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      close();
    } else if (e.key === "Enter" || e.key === "ArrowUp") {
      e.preventDefault();
      step(e.key === "Enter" && e.shiftKey ? 1 : -1);
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      step(1);
    }
  };

  const status =
    q.length === 0 ? "" : found.isPending ? t("common.loading") : matches.length === 0 ? t("conversation.findNone") : t("conversation.findCount", { current: current + 1, total: matches.length });
  return (
    <div className="find-bar" role="search" data-testid="find-bar">
      <IconSearch size={16} />
      <label htmlFor="find-in-chat" className="visually-hidden">
        {t("conversation.findInChat")}
      </label>
      <input
        id="find-in-chat"
        ref={inputRef}
        type="search"
        className="find-bar__input"
        data-testid="find-input"
        placeholder={t("conversation.findInChat")}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
      />
      <span className="find-bar__status" role="status" data-testid="find-status" data-total={matches.length} data-current={current + 1}>
        {status}
      </span>
      <button type="button" className="icon-btn icon-btn--sm" data-testid="find-prev" aria-label={t("conversation.findPrev")} disabled={!matches.length} onClick={() => step(-1)}>
        <IconChevronUp size={16} />
      </button>
      <button type="button" className="icon-btn icon-btn--sm" data-testid="find-next" aria-label={t("conversation.findNext")} disabled={!matches.length} onClick={() => step(1)}>
        <IconChevronDown size={16} />
      </button>
      <button type="button" className="icon-btn icon-btn--sm" data-testid="find-close" aria-label={t("common.close")} onClick={close}>
        <IconClose size={16} />
      </button>
    </div>
  );
}
