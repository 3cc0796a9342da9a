// Which answer's sources a [n] marker in its markdown points at: the message's citation list (rendered by
// citations.tsx with ids from citationAnchorId). Outside an answer with sources, markers stay the text they are.
import { createContext } from "react";

export interface CitationScope {
  /** The answer's message id: anchors are per message, so two answers' [1] never collide. */
  messageId: string;
  count: number;
}

export const CitationContext = createContext<CitationScope | null>(null);

/** The id of the n-th (1-based) citation of a message's list. */
export function citationAnchorId(messageId: string, n: number): string {
  return `cite-${messageId}-${n}`;
}

/** `[n]` markers in answer text, n from 1 to 99. */
export const CITATION_MARKER = /\[(\d{1,2})\]/g;
