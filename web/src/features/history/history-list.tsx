// The chat history in the sidebar, grouped (starred, today, yesterday, 3-7 days ago, 7+ days ago), with star,
// rename, move to a project and delete on each chat (a project's chats are listed under it: projects/). Virtualized:
// only the rows in and near the view are in the DOM (about 60 whatever the history's length), and the next page of
// chats is fetched as the reader scrolls near the end of what is loaded.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { Link, useParams } from "@tanstack/react-router";
import { type RefObject, Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { chatListQuery } from "../chat/chat.queries";
import type { Chat } from "../chat/chat.schemas";
import { IconEdit, IconStar, IconTrash } from "../ui/icons";
import { IconFolder } from "../projects/signed-in/projects-section";
import { projectsRequestAtom } from "../projects/signed-in/projects.atoms";
import { type HistoryGroup, groupHistory } from "./group-by-date";

/** The rename dialog loads when a chat is first renamed. */
const RenameDialog = lazy(() => import("./on-demand/rename-dialog").then((m) => ({ default: m.RenameDialog })));
import { useHistoryActions } from "./use-history-actions";
import { Virtualizer, type VirtualizerHandle } from "virtua";

/** Height guess for rows not yet measured, in pixels (a chat row as layout.css draws it). */
const ROW_PX = 36;
/** Pixels rendered beyond each edge of the view. */
const BUFFER_PX = 400;
/** The next page is fetched once the last rendered row is this close to the end of the loaded ones. */
const LOAD_MORE_WITHIN = 20;

type Row = { kind: "heading"; group: HistoryGroup["key"] } | { kind: "chat"; group: HistoryGroup["key"]; chat: Chat };

function toRows(groups: readonly HistoryGroup[]): Row[] {
  return groups.flatMap((g): Row[] => [
    { kind: "heading", group: g.key },
    ...g.chats.map((chat) => ({ kind: "chat" as const, group: g.key, chat })),
  ]);
}

export function HistoryList({
  onNavigate,
  scrollRef,
}: {
  onNavigate: () => void;
  scrollRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(chatListQuery());
  const params = useParams({ strict: false }) as { chatId?: string };
  const actions = useHistoryActions();
  const requestProjects = useSetAtom(projectsRequestAtom);
  const [renaming, setRenaming] = useState<Chat | null>(null);
  const chats = useMemo(() => list.data?.pages.flatMap((p) => p.chats) ?? [], [list.data]);
  const groups = useMemo(() => groupHistory(chats), [chats]);
  const rows = useMemo(() => toRows(groups), [groups]);

  const listRef = useRef<VirtualizerHandle>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const maybeLoadMore = useCallback(() => {
    const v = listRef.current;
    if (!v || !hasNextPage || isFetchingNextPage) return;
    if (v.findItemIndex(v.scrollOffset + v.viewportSize) >= rows.length - LOAD_MORE_WITHIN) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length]);
  useEffect(maybeLoadMore, [maybeLoadMore]);

  if (list.isPending) {
    return (
      <div className="history__skeleton" role="status" aria-busy="true" aria-label={t("common.loading")}>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton-line" style={{ width: `${55 + ((i * 17) % 40)}%` }} />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="history__empty">
        <p>{t("history.loadFailed")}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void list.refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  }
  if (!groups.length) return <p className="history__empty">{t("history.empty")}</p>;

  const renderChat = (chat: Chat, group: string) => {
    const active = params.chatId === chat.id;
    return (
      <div
        key={chat.id}
        role="listitem"
        className={`history-item${active ? " is-active" : ""}`}
        data-testid="history-item"
        data-chat-id={chat.id}
        data-group={group}
        data-starred={chat.is_starred ? "true" : "false"}
      >
        <Link
          to="/c/$chatId"
          params={{ chatId: chat.id }}
          className="history-item__link"
          aria-current={active ? "page" : undefined}
          onClick={onNavigate}
          title={chat.title}
        >
          <span className="history-item__title">{chat.title}</span>
        </Link>
        <div className="history-item__actions">
          <button
            type="button"
            className={`icon-btn icon-btn--xs${chat.is_starred ? " is-on" : ""}`}
            data-testid="history-star"
            aria-pressed={chat.is_starred}
            aria-label={chat.is_starred ? t("history.unstar") : t("history.star")}
            data-tooltip={chat.is_starred ? t("history.unstar") : t("history.star")}
            onClick={() => actions.star(chat.id, !chat.is_starred)}
          >
            <IconStar size={15} filled={chat.is_starred} />
          </button>
          <button
            type="button"
            className="icon-btn icon-btn--xs"
            data-testid="history-rename"
            aria-label={t("history.rename")}
            data-tooltip={t("history.rename")}
            onClick={() => setRenaming(chat)}
          >
            <IconEdit size={15} />
          </button>
          <button
            type="button"
            className="icon-btn icon-btn--xs"
            data-testid="history-move"
            aria-label={t("history.move")}
            data-tooltip={t("history.move")}
            aria-haspopup="menu"
            onClick={(e) => requestProjects({ move: chat, anchor: e.currentTarget })}
          >
            <IconFolder size={15} />
          </button>
          <button
            type="button"
            className="icon-btn icon-btn--xs icon-btn--danger"
            data-testid="history-delete"
            aria-label={t("history.delete")}
            data-tooltip={t("history.delete")}
            onClick={() => actions.remove(chat)}
          >
            <IconTrash size={15} />
          </button>
        </div>
      </div>
    );
  };

  return (
    <nav className="history" aria-label={t("history.title")} data-testid="history" data-count={chats.length}>
      <div className="history__rows" role="list">
        <Virtualizer
          ref={listRef}
          scrollRef={scrollRef}
          data={rows}
          itemSize={ROW_PX}
          bufferSize={BUFFER_PX}
          onScroll={maybeLoadMore}
        >
          {(row) =>
            row.kind === "heading" ? (
              // A list holds only list items (axe: aria-required-children): the group's heading sits in one.
              <div key={`heading-${row.group}`} role="listitem">
                <h3 className="history__heading" data-testid="history-group" data-group={row.group}>
                  {t(`history.groups.${row.group}`)}
                </h3>
              </div>
            ) : (
              renderChat(row.chat, row.group)
            )
          }
        </Virtualizer>
      </div>
      {isFetchingNextPage ? (
        <div className="history__more" role="status" data-testid="history-loading-more">
          <span className="spinner spinner--sm" aria-hidden="true" />
          <span className="visually-hidden">{t("common.loading")}</span>
        </div>
      ) : null}
      {renaming ? (
        <Suspense fallback={null}>
          <RenameDialog
            chat={renaming}
            onClose={() => setRenaming(null)}
            onSave={(id, title) => actions.rename(id, title)}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
