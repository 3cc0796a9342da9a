// The one turn runner: every answer this tab asks the model API for — to a new question, to an edited one, written
// again, or a picture — runs here, after the turn has shown its question and the placeholder of its answer. It marks
// the chat busy (the streaming state, which blocks a second send and shows the stop button for an answer that can be
// stopped), sends the request (let go at logout), hands a refusal to the turn's kind, lets the kind read the answer
// into the query cache, and ends with the busy state cleared and the history refreshed. The kinds: answer-turn.ts (a
// streamed text answer: a question, an edit, a regeneration) and image-turn.ts (a picture, drawn in one piece).
import type { QueryKey } from "@tanstack/react-query";
import type { ChatAsk, ImageAsk, StopAsk } from "../../../../../worker/protocol/turn-requests";
import { request } from "../../../lib/api";
import { releaseActiveRequest, trackActiveRequest } from "../active-stream";
import type { ChatDeps } from "../chat-actions";
import { streamingAtom } from "../chat.atoms";
import { chatKeys } from "../chat.queries";
import type { ChatMessage } from "../chat.schemas";

/** How one kind of answer is asked for and read. */
export interface TurnKind {
  /** The answer can be stopped while it is written (a picture cannot: there is nothing partial to keep). */
  stoppable: boolean;
  /** Whole-request time limit in milliseconds, 0 for none (a stream ends when its answer does). */
  timeoutMs: number;
  /** "throw" when the kind says itself why a 401 ends the session, before the app leaves for /login. */
  on401: "logout" | "throw";
  accept: string;
  /** The worker refused the turn, or it could not be sent: the kind undoes what it must and says why. */
  refused: (err: unknown) => void | Promise<void>;
  /** Reads the answer into the cache; false when there was none after all (an unreadable picture). */
  read: (res: Response, signal: AbortSignal) => Promise<boolean>;
  /** What else the turn changes on the server, refreshed when it ends (the history always is). */
  refreshes: readonly QueryKey[];
}

/** A question on screen with the placeholder of its answer, in its chat (created for it if needed). */
export interface Exchange {
  chatId: string;
  question: string;
  userMessageId: string;
  placeholder: ChatMessage;
  /** Takes the question and the placeholder off again and puts the question back in the input box. */
  undo: () => void;
}

export interface Turn {
  chatId: string;
  path: string;
  body: ChatAsk | ImageAsk;
  /** The answer as shown while it is written (already in the cache). */
  placeholder: ChatMessage;
  kind: TurnKind;
}

/** Marks the stop button's request so a stop pressed before the answer started is sent again once it has. */
let stopRequested = false;

export function nowIso(): string {
  return new Date().toISOString();
}

/** Marks the chat busy while its first question creates it (before runTurn knows the chat). */
export function beginSend(deps: ChatDeps, chatId: string | null): void {
  deps.store.set(streamingAtom, { chatId, botMessageId: null, phase: "creating", stopping: false });
  stopRequested = false;
}

/** Runs a turn to its end. True when it was answered (if only in part), false when it was refused. */
export async function runTurn(deps: ChatDeps, turn: Turn): Promise<boolean> {
  const { queryClient: qc, store } = deps;
  const { chatId, kind } = turn;
  const botMessageId = kind.stoppable ? turn.placeholder.message_id : null;
  store.set(streamingAtom, { chatId, botMessageId, phase: "waiting", stopping: false });
  const controller = new AbortController();
  trackActiveRequest(controller);
  try {
    let res: Response;
    try {
      res = await request(turn.path, {
        method: "POST",
        body: turn.body,
        signal: controller.signal,
        timeoutMs: kind.timeoutMs,
        on401: kind.on401,
        headers: { Accept: kind.accept },
      });
    } catch (err) {
      if (controller.signal.aborted) return false; // logout let go of it: the worker still finishes and saves it
      await kind.refused(err);
      return false;
    }
    store.set(streamingAtom, (s) => (s ? { ...s, phase: "streaming" } : s));
    if (botMessageId && stopRequested) void postStop(botMessageId);
    return await kind.read(res, controller.signal);
  } finally {
    releaseActiveRequest(controller);
    store.set(streamingAtom, null);
    void qc.invalidateQueries({ queryKey: chatKeys.list() });
    for (const queryKey of kind.refreshes) void qc.invalidateQueries({ queryKey });
  }
}

async function postStop(messageId: string): Promise<boolean> {
  try {
    await request("/api/chat/stop", { method: "POST", body: { message_id: messageId } satisfies StopAsk });
    return true;
  } catch {
    return false; // not running (yet, or any more)
  }
}

/** The stop button: asks the worker to stop; the stream then ends with a stopped event and the partial text. */
export async function stopAnswer(deps: ChatDeps): Promise<void> {
  const state = deps.store.get(streamingAtom);
  if (!state?.botMessageId || state.stopping) return;
  deps.store.set(streamingAtom, { ...state, stopping: true });
  stopRequested = true;
  if (state.phase === "streaming") await postStop(state.botMessageId);
}
