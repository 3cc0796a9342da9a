// UI state of the chat screen: the answer being generated (one at a time, which is what blocks a second send) and
// the text in the input box (so a refused question can be put back).
import { atom } from "jotai";

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
 * Today's web searches are used up (the day it happened, local): the spec's critical warning with an upgrade action
 * shows above the input until dismissed or the day turns.
 */
export const searchExhaustedAtom = atom<string | null>(null);

/** The find bar of the open chat (search inside this chat) is showing. */
export const findOpenAtom = atom<boolean>(false);
