// The scrolling list of messages. It follows new text only while the reader is at the bottom; scrolling up stops
// the following and shows a button that goes back down. Sending a question always brings the view down.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconArrowDown } from "../ui/icons";
import type { ChatMessage } from "./chat.schemas";
import { MessageItem } from "./message-item";

/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;

export function MessageList({
  chatKey,
  messages,
  modelNames,
  loading,
}: {
  chatKey: string;
  messages: ChatMessage[];
  modelNames: Record<string, string>;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const setBottom = (value: boolean) => {
    atBottomRef.current = value;
    setAtBottom(value);
  };

  const scrollToEnd = (smooth = false) => {
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? "smooth" : "auto" });
  };

  // A different chat opens at its end.
  useLayoutEffect(() => {
    setBottom(true);
    scrollToEnd();
  }, [chatKey]);

  // Growing content (streamed text, images loading) is followed only while at the bottom.
  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current) scrollToEnd();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  // A new question from the user: go down to it.
  const lastUserId = [...messages].reverse().find((m) => m.sender === "user")?.message_id;
  const seenUserId = useRef(lastUserId);
  useEffect(() => {
    if (lastUserId && lastUserId !== seenUserId.current) {
      setBottom(true);
      scrollToEnd();
    }
    seenUserId.current = lastUserId;
  }, [lastUserId]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    const bottom = distance <= BOTTOM_SLACK_PX;
    if (bottom !== atBottomRef.current) setBottom(bottom);
  };

  return (
    <div className="message-scroll-wrap">
      <div
        ref={scrollRef}
        className="message-scroll"
        onScroll={onScroll}
        onWheel={(e) => {
          const el = scrollRef.current;
          // the reader moved up in a list that can scroll: stop following now, before the next chunk lands
          if (e.deltaY < 0 && atBottomRef.current && el && el.scrollHeight > el.clientHeight + BOTTOM_SLACK_PX) setBottom(false);
        }}
        data-testid="message-list"
        role="log"
        aria-live="off"
        aria-label={t("chat.messages")}
      >
        <div ref={contentRef} className="message-list">
          {loading ? (
            <div className="message-list__loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{t("common.loading")}</span>
            </div>
          ) : null}
          {messages.map((m) => (
            <MessageItem key={m.message_id} message={m} modelName={m.model ? modelNames[m.model] ?? m.model : undefined} />
          ))}
        </div>
      </div>
      {!atBottom ? (
        <button
          type="button"
          className="scroll-bottom"
          data-testid="scroll-to-bottom"
          aria-label={t("chat.scrollToBottom")}
          onClick={() => {
            setBottom(true);
            scrollToEnd(true);
          }}
        >
          <IconArrowDown size={18} />
        </button>
      ) : null}
    </div>
  );
}
