// The chat history in the sidebar, grouped (starred, today, yesterday, 3-7 days ago, 7+ days ago), with star,
// rename and delete on each chat.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { chatListQuery } from "../chat/chat.queries";
import type { Chat } from "../chat/chat.schemas";
import { confirm } from "../ui/confirm.atoms";
import { IconEdit, IconStar, IconTrash } from "../ui/icons";
import { groupHistory } from "./group-by-date";
import { RenameDialog } from "./rename-dialog";
import { useHistoryActions } from "./use-history-actions";

export function HistoryList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(chatListQuery());
  const params = useParams({ strict: false }) as { chatId?: string };
  const actions = useHistoryActions();
  const [renaming, setRenaming] = useState<Chat | null>(null);
  const chats = useMemo(() => list.data?.pages.flatMap((p) => p.chats) ?? [], [list.data]);
  const groups = useMemo(() => groupHistory(chats), [chats]);

  const askDelete = async (chat: Chat) => {
    const ok = await confirm({
      title: t("history.deleteTitle"),
      message: t("history.deleteMessage", { title: chat.title }),
      confirmLabel: t("common.delete"),
      cancelLabel: t("common.cancel"),
      danger: true,
    });
    if (ok) actions.remove.mutate(chat.id);
  };

  if (list.isPending) {
    return (
      <div className="history__skeleton" aria-busy="true" aria-label={t("common.loading")}>
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

  return (
    <nav className="history" aria-label={t("history.title")}>
      {groups.map((group) => (
        <section key={group.key} className="history__group" data-testid="history-group" data-group={group.key}>
          <h3 className="history__heading">{t(`history.groups.${group.key}`)}</h3>
          <ul>
            {group.chats.map((chat) => {
              const active = params.chatId === chat.id;
              return (
                <li
                  key={chat.id}
                  className={`history-item${active ? " is-active" : ""}`}
                  data-testid="history-item"
                  data-chat-id={chat.id}
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
                      onClick={() => actions.star.mutate({ id: chat.id, value: !chat.is_starred })}
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
                      className="icon-btn icon-btn--xs icon-btn--danger"
                      data-testid="history-delete"
                      aria-label={t("history.delete")}
                      data-tooltip={t("history.delete")}
                      onClick={() => void askDelete(chat)}
                    >
                      <IconTrash size={15} />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {list.hasNextPage ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm history__more"
          data-testid="history-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          {t("history.more")}
        </button>
      ) : null}
      <RenameDialog chat={renaming} onClose={() => setRenaming(null)} onSave={(id, title) => actions.rename.mutate({ id, title })} />
    </nav>
  );
}
