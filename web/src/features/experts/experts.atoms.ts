// The expert persona the next new chat starts with (sidebar > experts), until that chat is created or the user
// leaves it for a plain new chat. UI state only: the chat keeps its persona on the server once created.
import { atom } from "jotai";
import type { ExpertPersonaId } from "../../../../worker/protocol/settings";

export const newChatPersonaAtom = atom<ExpertPersonaId | null>(null);
