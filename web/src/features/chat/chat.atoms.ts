// UI state of the chat screen: the answer being generated (one at a time, which is what blocks a second send) and
// the text in the input box (so a refused question can be put back).
import { atom } from "jotai";
import { persistedAtom } from "../../lib/persisted-atom";
import { STORAGE_KEYS } from "../../lib/storage";

export interface StreamingState {
  /** null while the chat itself is being created for a first message. */
  chatId: string | null;
  botMessageId: string | null;
  phase: "creating" | "waiting" | "streaming";
  /** Stop was pressed; the server's stopped event is on its way. */
  stopping: boolean;
}

export const streamingAtom = atom<StreamingState | null>(null);

export const draftAtom = atom<string>("");

/** The web search toggle by the input: while on, every question is answered from a web search, with its sources. */
export const searchModeAtom = atom<boolean>(false);

/**
 * Today's web searches are used up (the quota day it happened): the critical warning with an upgrade action
 * shows above the input until dismissed or the day turns, a reload included.
 */
export const searchExhaustedAtom = persistedAtom<string | null>(STORAGE_KEYS.searchExhausted, null, {
  parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined),
  serialize: (value) => value,
});

/** The find bar of the open chat (search inside this chat) is showing. */
export const findOpenAtom = atom<boolean>(false);
