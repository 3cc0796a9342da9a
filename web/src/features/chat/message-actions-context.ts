// The handlers the chat screen gives its message rows (edit, regenerate, versions, fork, and whether an answer is
// running), through
// context so the memoized rows need no new props when the screen's state changes. The rows and their tools (loaded
// later, message-tools.tsx) read them here.
import { createContext, useContext } from "react";

export interface MessageActions {
  /** An answer is being written: nothing new can start. */
  busy: boolean;
  /** The reader has interacted (or uses a touch screen): the edit and regenerate tools are wanted. */
  toolsReady: boolean;
  edit: (messageId: string, text: string) => void;
  regenerate: (messageId: string, endpoint?: string) => void;
  /** Shows another version of a message (one of its `versions`). */
  showVersion: (messageId: string) => void;
  /** Continues the chat in a new one, from this message. */
  fork: (messageId: string) => void;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

export function useMessageActions(): MessageActions | null {
  return useContext(MessageActionsContext);
}
