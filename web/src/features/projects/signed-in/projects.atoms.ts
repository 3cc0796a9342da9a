// UI state of the sidebar's projects shared by the always-loaded parts (the heading's "+", a chat's move button) and
// the projects' panel that loads on demand (../on-demand/projects-panel.tsx): what the user asked for before that code
// was there. Null: nothing asked.
import { atom } from "jotai";
import type { Chat } from "../../chat/chat.schemas";

export type ProjectsRequest =
  /** The "New project" dialog. */
  | { create: true }
  /** The "Move to project" menu of a chat, under the button that opened it. */
  | { move: Chat; anchor: HTMLElement };

export const projectsRequestAtom = atom<ProjectsRequest | null>(null);
