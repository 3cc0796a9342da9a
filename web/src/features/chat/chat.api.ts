// Chat mutations: create, rename, star, delete one, clear all.
import * as v from "valibot";
import type { ChatPatch, ChatStar, NewChat } from "../../../../worker/protocol/chat-requests";
import { api } from "../../lib/api";
import { ChatSchema } from "./chat.schemas";

/** A new chat; `persona` starts it with an expert persona (sidebar > experts). */
export const createChat = (title: string, persona: NewChat["persona"] = null) =>
  api("/chat-sessions", ChatSchema, {
    method: "POST",
    body: (persona ? { title, persona } : { title }) satisfies NewChat,
  });

export const renameChat = (id: string, title: string) =>
  api(`/chat-sessions/${encodeURIComponent(id)}`, ChatSchema, { method: "PATCH", body: { title } satisfies ChatPatch });

export const setStarred = (id: string, is_starred: boolean) =>
  api(`/chat-sessions/${encodeURIComponent(id)}/toggle-star`, ChatSchema, {
    method: "PATCH",
    body: { is_starred } satisfies ChatStar,
  });

export const deleteChat = (id: string) =>
  api(`/chat-sessions/${encodeURIComponent(id)}`, ChatSchema, {
    method: "PATCH",
    body: { status: "deleted" } satisfies ChatPatch,
  });

export const clearChats = () => api("/chat-sessions", v.object({ deleted: v.number() }), { method: "DELETE" });
