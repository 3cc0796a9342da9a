// Chat mutations: create, rename, star, delete one, clear all.
import * as v from "valibot";
import { api } from "../../lib/api";
import { ChatSchema } from "./chat.schemas";

/** A new chat; `persona` starts it with an expert persona (sidebar > experts). */
export const createChat = (title: string, persona: string | null = null) =>
  api("/chat-sessions", ChatSchema, { method: "POST", body: persona ? { title, persona } : { title } });

export const renameChat = (id: string, title: string) =>
  api(`/chat-sessions/${encodeURIComponent(id)}`, ChatSchema, { method: "PATCH", body: { title } });

export const setStarred = (id: string, is_starred: boolean) =>
  api(`/chat-sessions/${encodeURIComponent(id)}/toggle-star`, ChatSchema, { method: "PATCH", body: { is_starred } });

export const deleteChat = (id: string) =>
  api(`/chat-sessions/${encodeURIComponent(id)}`, ChatSchema, { method: "PATCH", body: { status: "deleted" } });

export const clearChats = () => api("/chat-sessions", v.object({ deleted: v.number() }), { method: "DELETE" });
