// Changes to projects and to the project a chat is in, sent to the worker (worker/protocol/projects.ts): create,
// rename or edit, delete (its chats kept or deleted), a new chat in a project, a chat moved in or out. Each one
// invalidates the projects list and the history, whose key also covers every project's chats (project-queries.ts).
// Loaded with the projects' panel, never with the first screen.
import type { QueryClient } from "@tanstack/react-query";
import * as v from "valibot";
import type { ChatPatch, NewChat } from "../../../../../worker/protocol/chat-requests";
import { type NewProject, type ProjectPatch, PublicProjectSchema } from "../../../../../worker/protocol/projects";
import { ApiError, api } from "../../../lib/api";
import { errorMessage } from "../../../lib/error-message";
import { STORAGE_KEYS, readItem, writeItem } from "../../../lib/storage";
import { chatKeys } from "../../chat/chat.queries";
import { ChatSchema, type Chat } from "../../chat/chat.schemas";
import { type ChatListData, prependChat, updateChatList } from "../../chat/chat-cache";
import { toast } from "../../toast/toast.atoms";
import { projectKeys } from "./project-queries";
import i18next from "i18next";
import { projectText } from "./project-texts";

const path = (id: string) => `/projects/${encodeURIComponent(id)}`;
const chatPath = (id: string) => `/chat-sessions/${encodeURIComponent(id)}`;

/** Refreshes the projects (names, counts) and the history with every project's chats. */
function refresh(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: projectKeys.list() });
  void qc.invalidateQueries({ queryKey: chatKeys.list() });
}

function failed(err: unknown) {
  toast.error(errorMessage(i18next.t, err));
}

/** The worker refused a new project: the plan's limit is reached (403 project_limit). */
export const isProjectLimit = (err: unknown) => err instanceof ApiError && err.code === "project_limit";

/** Creates a project; throws the worker's refusal (isProjectLimit tells the plan's limit apart). */
export async function createProject(qc: QueryClient, body: NewProject) {
  const project = await api("/projects", PublicProjectSchema, { method: "POST", body });
  refresh(qc);
  toast.success(projectText("created"));
  return project;
}

/** Renames a project or changes its instructions or files; throws the worker's refusal. */
export async function updateProject(qc: QueryClient, id: string, patch: ProjectPatch) {
  const project = await api(path(id), PublicProjectSchema, { method: "PATCH", body: patch });
  refresh(qc);
  toast.success(projectText("saved"));
  return project;
}

/**
 * Deletes a project, its chats kept (back in the history) or deleted with it. A deleted chat that is open on screen
 * gives way to a new chat (`goHome`). True once deleted.
 */
export async function deleteProject(
  qc: QueryClient,
  project: { id: string },
  chats: "keep" | "delete",
  open: { chatId: string | undefined; goHome: () => void },
): Promise<boolean> {
  try {
    const { deleted_chats } = await api(`${path(project.id)}?chats=${chats}`, v.object({ deleted_chats: v.number() }), {
      method: "DELETE",
    });
    const openChat = open.chatId ? qc.getQueryData<Chat>(chatKeys.detail(open.chatId)) : undefined;
    if (chats === "delete" && open.chatId && openChat?.project_id === project.id) {
      if (readItem(STORAGE_KEYS.currentChatId) === open.chatId) writeItem(STORAGE_KEYS.currentChatId, null);
      qc.removeQueries({ queryKey: chatKeys.detail(open.chatId) });
      open.goHome();
    }
    qc.removeQueries({ queryKey: projectKeys.chats(project.id) });
    toast.success(
      deleted_chats > 0 ? projectText("deletedWithChats", { count: deleted_chats }) : projectText("deleted"),
    );
    return true;
  } catch (err) {
    failed(err);
    return false;
  } finally {
    refresh(qc);
  }
}

/** Starts an empty chat in a project (its first question names it, as any new chat's) and returns it. */
export async function newChatInProject(qc: QueryClient, projectId: string): Promise<Chat | null> {
  try {
    const chat = await api("/chat-sessions", ChatSchema, {
      method: "POST",
      body: { project_id: projectId } satisfies NewChat,
    });
    prependChat(qc, chat);
    writeItem(STORAGE_KEYS.currentChatId, chat.id);
    refresh(qc);
    return chat;
  } catch (err) {
    failed(err);
    return null;
  }
}

/**
 * Moves a chat into a project (`to`), or out of its project (null). The history shows it at once where it goes and
 * puts it back if the worker refuses.
 */
export async function moveChat(qc: QueryClient, chatId: string, to: { id: string; name: string } | null) {
  const projectId = to?.id ?? null;
  await qc.cancelQueries({ queryKey: chatKeys.list() });
  const snapshot = qc.getQueryData<ChatListData>(chatKeys.list());
  updateChatList(qc, (list) => list.map((c) => (c.id === chatId ? { ...c, project_id: projectId } : c)));
  try {
    const chat = await api(chatPath(chatId), ChatSchema, {
      method: "PATCH",
      body: { project_id: projectId } satisfies ChatPatch,
    });
    qc.setQueryData(chatKeys.detail(chatId), chat);
    toast.success(to ? projectText("moved", { name: to.name }) : projectText("removed"));
  } catch (err) {
    qc.setQueryData(chatKeys.list(), snapshot);
    failed(err);
  } finally {
    refresh(qc);
  }
}
