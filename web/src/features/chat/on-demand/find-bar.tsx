// Search inside the open chat — the list is virtualized, so the browser's find-in-page cannot see messages that are
// not mounted; this asks the worker (GET /chat-sessions/search?chat_id=) instead. A small bar at the top of the chat:
// typing finds the matches (debounced): every matching word is marked in the messages, the current one apart
// (find-highlights.ts), counted "3 / 7" over the whole chat (the worker says how many each message holds). The newest
// message's first match comes first; ↑/Enter step to the match before, ↓ to the next (wrapping), each brought into view
// below the bar, older pages loaded as needed. Escape closes. Where the browser cannot mark words (no CSS Custom
// Highlight API) the message of the current match is outlined instead.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { chatFindQuery, normalizeQuery } from "../../history/on-demand/history-search.queries";
import { useDebounced } from "../../history/on-demand/use-debounced";
import { IconChevronDown, IconClose } from "../../ui/icons";
import { findOpenAtom } from "../chat.atoms";
import { type IconProps, IconSearch, Svg } from "../conversation-icons";
import { type FindTarget, highlightsSupported, useFindHighlights } from "./find-highlights";

const IconChevronUp = (p: IconProps) => (
  <Svg {...p}>
    <path d="m6 15 6-6 6 6" />
  </Svg>
);

/** Pause in typing before the worker is asked, in milliseconds. */
const DEBOUNCE_MS = 250;
/** Pages of matches fetched at most (50 each): enough to step through, bounded for a very common word. */
const MAX_PAGES = 10;

/** One match: its message and which of that message's matches it is. */
interface Occurrence {
  messageId: string;
  index: number;
}

export function FindBar({ chatId, onFocus }: { chatId: string; onFocus: (messageId: string) => void }) {
  const { t } = useTranslation();
  const setOpen = useSetAtom(findOpenAtom);
  const [text, setText] = useState("");
  const q = normalizeQuery(useDebounced(text, DEBOUNCE_MS));
  const found = useInfiniteQuery(chatFindQuery(chatId, q));
  const inputRef = useRef<HTMLInputElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(-1);
  // Each step asks for its match to be brought into view, even a step back to the same one.
  const [request, setRequest] = useState(0);

  const messages = useMemo(() => found.data?.pages.flatMap((p) => p.data) ?? [], [found.data]);
  const matches = useMemo(
    () =>
      messages.flatMap((m) =>
        Array.from({ length: m.hits }, (_, index): Occurrence => ({ messageId: m.message_id, index })),
      ),
    [messages],
  );
  const messageIds = useMemo(() => new Set(messages.map((m) => m.message_id)), [messages]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = found;
  const pages = found.data?.pages.length ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && pages < MAX_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, pages, fetchNextPage]);

  // A new query starts at the first match of its newest message, the one nearest the end of the chat where the reader
  // usually is.
  const complete = !hasNextPage || pages >= MAX_PAGES;
  useEffect(() => {
    setCurrent(-1);
  }, [q]);
  useEffect(() => {
    if (current !== -1 || !complete || matches.length === 0) return;
    const newest = matches[matches.length - 1]!.messageId;
    setCurrent(matches.findIndex((m) => m.messageId === newest));
    setRequest((r) => r + 1);
  }, [current, complete, matches]);
  const match = current >= 0 ? matches[current] : undefined;
  // The list scrolls to the match's message (loading older pages) when it is not on screen; one on screen is left to
  // the marks, which bring the match itself into view. Without marks, the list outlines the message it brought into
  // view (with them, chat.css hides that outline while the bar is open).
  const matchMessage = match?.messageId;
  useEffect(() => {
    if (!matchMessage) return;
    const shown = barRef.current
      ?.closest(".chat")
      ?.querySelector(`[data-testid=message][data-message-id="${CSS.escape(matchMessage)}"]`);
    if (!shown || !highlightsSupported()) onFocus(matchMessage);
  }, [matchMessage, request, onFocus]);
  const target = useMemo<FindTarget | null>(
    () => (match ? { messageId: match.messageId, index: match.index, request } : null),
    [match, request],
  );
  const container = useCallback(() => barRef.current?.closest<HTMLElement>(".chat") ?? null, []);
  const bar = useCallback(() => barRef.current, []);
  useFindHighlights({ container, bar, query: q, messageIds, target });

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const step = (by: number) => {
    if (!matches.length) return;
    setCurrent((c) => ((((c < 0 ? matches.length : c) + by) % matches.length) + matches.length) % matches.length);
    setRequest((r) => r + 1);
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
    q.length === 0
      ? ""
      : found.isPending
        ? t("common.loading")
        : matches.length === 0
          ? t("conversation.findNone")
          : t("conversation.findCount", { current: current + 1, total: matches.length });
  return (
    <div ref={barRef} className="find-bar" role="search" data-testid="find-bar" data-current-message={match?.messageId}>
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
      <span
        className="find-bar__status"
        role="status"
        data-testid="find-status"
        data-total={matches.length}
        data-current={current + 1}
      >
        {status}
      </span>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        data-testid="find-prev"
        aria-label={t("conversation.findPrev")}
        disabled={!matches.length}
        onClick={() => step(-1)}
      >
        <IconChevronUp size={16} />
      </button>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        data-testid="find-next"
        aria-label={t("conversation.findNext")}
        disabled={!matches.length}
        onClick={() => step(1)}
      >
        <IconChevronDown size={16} />
      </button>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        data-testid="find-close"
        aria-label={t("common.close")}
        onClick={close}
      >
        <IconClose size={16} />
      </button>
    </div>
  );
}
