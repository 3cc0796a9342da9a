// The sidebar's projects, loaded once the user has one or asks for one (signed-in/projects-section.tsx): each project folds out
// to its chats (GET /chat-sessions?project_id=), and has a menu (a new chat in it, rename, its instructions and files,
// delete). A chat row dragged from the history (or from another project) onto a project moves it there; on a touch
// screen, a chat's "Move to project" button does the same through a menu, which this panel draws too. Its dialogs
// load on first use (project-dialogs.tsx).
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useAtom, useSetAtom } from "jotai";
import { type DragEvent, Suspense, lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicProject } from "../../../../../worker/protocol/projects";
import { chatKeys } from "../../chat/chat.queries";
import type { Chat } from "../../chat/chat.schemas";
import { IconChevronDown } from "../../ui/icons";
import { IconFolder } from "../signed-in/projects-section";
import { projectsRequestAtom } from "../signed-in/projects.atoms";
import { projectChatsQuery, projectsQuery } from "./project-queries";
import { FloatingMenu } from "./floating-menu";
import { moveChat, newChatInProject } from "./project-changes";
import { PROJECT_TEXTS } from "./project-texts";
import "./projects-panel.css";

const ProjectDialogs = lazy(() => import("./project-dialogs").then((m) => ({ default: m.ProjectDialogs })));

/** A dialog of the panel: which one, and the project it is about. */
export type PanelDialog =
  /** moveChatId: the chat to move into the new project once it exists. */
  | { kind: "create"; moveChatId?: string }
  | { kind: "rename" | "edit" | "delete"; project: PublicProject }
  | { kind: "limit" };

/** The drag data type of a chat row (set on dragstart, below): its id. */
const CHAT_DRAG_TYPE = "application/x-may-chat";

// A chat row of the history or of a project (any element with data-chat-id holding a link) carries its id when
// dragged: the rows themselves need no code for it, so the always-loaded history stays as it is.
function onDragStart(e: globalThis.DragEvent) {
  const row = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-chat-id]") : null;
  if (row?.dataset.chatId && e.dataTransfer) e.dataTransfer.setData(CHAT_DRAG_TYPE, row.dataset.chatId);
}

const carriesChat = (e: DragEvent) =>
  e.dataTransfer.types.includes(CHAT_DRAG_TYPE) || e.dataTransfer.types.includes("text/uri-list");

/** The dragged chat's id: ours, else the address of a chat's link dragged from this app (/c/<id>). */
function draggedChatId(e: DragEvent): string | null {
  const id = e.dataTransfer.getData(CHAT_DRAG_TYPE);
  if (id) return id;
  try {
    const url = new URL(e.dataTransfer.getData("text/uri-list").split("\n")[0]?.trim() ?? "", location.href);
    const match = url.origin === location.origin ? /^\/c\/([^/]+)$/.exec(url.pathname) : null;
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return null;
  }
}

export function ProjectsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(PROJECT_TEXTS); // suspends until the texts are in
  const qc = useQueryClient();
  const list = useQuery(projectsQuery());
  const [request, setRequest] = useAtom(projectsRequestAtom);
  const [dialog, setDialog] = useState<PanelDialog | null>(null);
  const projects = list.data?.data ?? [];
  const limit = list.data?.limit ?? null;
  const full = limit !== null && projects.length >= limit;

  useEffect(() => {
    document.addEventListener("dragstart", onDragStart);
    return () => document.removeEventListener("dragstart", onDragStart);
  }, []);

  // The heading's "+": the dialog, or the plan's limit when it is reached. The request stays until the dialog closes:
  // it keeps this panel mounted for a user who has no project yet.
  useEffect(() => {
    if (request && "create" in request && !dialog) setDialog({ kind: full ? "limit" : "create" });
  }, [request, dialog, full]);
  const closeDialog = () => {
    setDialog(null);
    setRequest(null);
  };

  const move = request && "move" in request ? request : null;
  return (
    <>
      {projects.length ? (
        <ul className="projects__list" aria-label={t("list")} data-testid="project-list">
          {projects.map((p) => (
            <ProjectItem key={p.id} project={p} onNavigate={onNavigate} onDialog={setDialog} />
          ))}
        </ul>
      ) : null}
      {move ? (
        <FloatingMenu
          anchor={move.anchor}
          label={t("moveMenu", { title: move.move.title })}
          testId="move-menu"
          onClose={() => setRequest(null)}
        >
          {projects.map((p) => (
            <button
              key={p.id}
              type="button"
              role="menuitemradio"
              aria-checked={p.id === move.move.project_id}
              className="menu__item"
              data-testid="move-to-project"
              data-project-id={p.id}
              disabled={p.id === move.move.project_id}
              onClick={() => {
                setRequest(null);
                void moveChat(qc, move.move.id, p);
              }}
            >
              <IconFolder size={16} />
              <span className="project-menu__name">{p.name}</span>
            </button>
          ))}
          {projects.length ? null : <p className="menu__heading">{t("noProjects")}</p>}
          {move.move.project_id ? (
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              data-testid="remove-from-project"
              onClick={() => {
                setRequest(null);
                void moveChat(qc, move.move.id, null);
              }}
            >
              {t("removeFrom")}
            </button>
          ) : null}
          {projects.length ? null : (
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              data-testid="move-new-project"
              onClick={() => {
                setDialog({ kind: full ? "limit" : "create", moveChatId: move.move.id });
                setRequest({ create: true });
              }}
            >
              {t("history.newProject", { ns: "translation" })}
            </button>
          )}
        </FloatingMenu>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <ProjectDialogs
            dialog={dialog}
            limit={limit}
            onDialog={setDialog}
            onClose={closeDialog}
            onNavigate={onNavigate}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ProjectItem({
  project,
  onNavigate,
  onDialog,
}: {
  project: PublicProject;
  onNavigate: () => void;
  onDialog: (d: PanelDialog) => void;
}) {
  const { t } = useTranslation(PROJECT_TEXTS);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { chatId } = useParams({ strict: false }) as { chatId?: string };
  // the project of the chat on screen starts open
  const openChat = chatId ? qc.getQueryData<Chat>(chatKeys.detail(chatId)) : undefined;
  const [open, setOpen] = useState(openChat?.project_id === project.id);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dropping, setDropping] = useState(false);

  const pick = (d: PanelDialog) => {
    setMenu(null);
    onDialog(d);
  };
  return (
    <li
      className={`project${dropping ? " is-drop-target" : ""}`}
      data-testid="project"
      data-project-id={project.id}
      onDragOver={(e) => {
        if (!carriesChat(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setDropping(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(e) => {
        setDropping(false);
        const id = draggedChatId(e);
        if (!id) return;
        e.preventDefault();
        setOpen(true);
        void moveChat(qc, id, project);
      }}
    >
      <div className="project__row">
        <button
          type="button"
          className="project__toggle"
          data-testid="project-toggle"
          aria-expanded={open}
          title={project.name}
          onClick={() => setOpen((o) => !o)}
        >
          <IconChevronDown size={14} />
          <IconFolder size={16} />
          <span className="project__name" data-testid="project-name">
            {project.name}
          </span>
          <span className="project__count" aria-hidden="true">
            {project.chat_count || null}
          </span>
        </button>
        <button
          type="button"
          className="icon-btn icon-btn--xs project__menu-btn"
          data-testid="project-menu"
          aria-label={t("menu")}
          aria-haspopup="menu"
          aria-expanded={menu !== null}
          onClick={(e) => setMenu(menu ? null : e.currentTarget)}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </div>
      {menu ? (
        <FloatingMenu anchor={menu} label={t("menu")} testId="project-actions" onClose={() => setMenu(null)}>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            data-testid="project-new-chat"
            onClick={() => {
              setMenu(null);
              void newChatInProject(qc, project.id).then((chat) => {
                if (!chat) return;
                setOpen(true);
                onNavigate();
                void navigate({ to: "/c/$chatId", params: { chatId: chat.id } });
              });
            }}
          >
            {t("newChat")}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            data-testid="project-rename"
            onClick={() => pick({ kind: "rename", project })}
          >
            {t("rename")}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            data-testid="project-edit"
            onClick={() => pick({ kind: "edit", project })}
          >
            {t("edit")}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu__item menu__item--danger"
            data-testid="project-delete"
            onClick={() => pick({ kind: "delete", project })}
          >
            {t("delete")}
          </button>
        </FloatingMenu>
      ) : null}
      {open ? <ProjectChats projectId={project.id} onNavigate={onNavigate} /> : null}
    </li>
  );
}

function ProjectChats({ projectId, onNavigate }: { projectId: string; onNavigate: () => void }) {
  const { t } = useTranslation(PROJECT_TEXTS);
  const chats = useInfiniteQuery(projectChatsQuery(projectId));
  const { chatId } = useParams({ strict: false }) as { chatId?: string };
  const setRequest = useSetAtom(projectsRequestAtom);
  if (chats.isPending) return <div className="skeleton-line project__loading" role="status" aria-busy="true" />;
  if (chats.isError) {
    return (
      <p className="project__empty">
        {t("chatsFailed")}{" "}
        <button type="button" className="link-btn" onClick={() => void chats.refetch()}>
          {t("common.retry")}
        </button>
      </p>
    );
  }
  const rows = chats.data.pages.flatMap((p) => p.chats);
  if (!rows.length) return <p className="project__empty">{t("empty")}</p>;
  return (
    <div className="project__chats" role="list">
      {rows.map((chat) => {
        const active = chat.id === chatId;
        return (
          <div
            key={chat.id}
            role="listitem"
            className={`history-item${active ? " is-active" : ""}`}
            data-testid="project-chat"
            data-chat-id={chat.id}
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
                className="icon-btn icon-btn--xs"
                data-testid="history-move"
                aria-label={t("history.move")}
                data-tooltip={t("history.move")}
                aria-haspopup="menu"
                onClick={(e) => setRequest({ move: chat, anchor: e.currentTarget })}
              >
                <IconFolder size={15} />
              </button>
            </div>
          </div>
        );
      })}
      {chats.hasNextPage ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm project__more"
          disabled={chats.isFetchingNextPage}
          onClick={() => void chats.fetchNextPage()}
        >
          {t("history.more")}
        </button>
      ) : null}
    </div>
  );
}
