// One answer asked of the model API and read to its end — the part a new question, an edited question and a
// regenerated answer share: the request, the worker's refusals (403 for the model, or for today's web searches), the
// usage headers, the streamed events written into the query cache, and the final message. Stop works by the answer's
// id whatever the kind of turn, and a reload mid-answer follows it (follow-answer.ts) the same way.
import { quotaDay } from "../../../../worker/protocol/rules";
import type { QueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { getDefaultStore } from "jotai";
import { ApiError, request } from "../../lib/api";
import { pickModel, shouldDisable } from "../models/availability";
import { settleWantedModel, switchFromLocked, switchFromUsedUp } from "../models/model-switch";
import { disabledModelsAtom, selectedModelAtom, usageWarningAtom } from "../models/models.atoms";
import { modelKeys, modelsQuery } from "../models/models.queries";
import type { Model, ModelsResponse } from "../models/models.schemas";
import { quotaT } from "../quota-guide/quota-i18n";
import { isWarningLevel } from "../models/usage-warning";
import { toast } from "../toast/toast.atoms";
import { releaseActiveRequest, trackActiveRequest } from "./active-stream";
import { searchExhaustedAtom, streamingAtom } from "./chat.atoms";
import { chatKeys } from "./chat.queries";
import type { ChatMessage } from "./chat.schemas";
import { upsertMessage } from "./chat-cache";
import { type AnswerState, applyStreamEvent, initialAnswer, readChatStream } from "./stream-reader";

type Store = ReturnType<typeof getDefaultStore>;

export interface ChatDeps {
  queryClient: QueryClient;
  store: Store;
  t: TFunction;
  /** Shows a chat's route (after the first message created it). */
  openChat: (chatId: string) => void;
}

/** The cache is written at most this often while text streams in, in milliseconds (about two frames). */
const FLUSH_MS = 32;

/** Marks the stop button's request so a stop pressed before the answer started is sent again once it has. */
let stopRequested = false;

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * The catalogue and the model that answers next (the user's pick when usable, else another), or null after telling
 * the user why nothing can answer. Marks the screen busy first, so a second send waits.
 */
export async function beginTurn(deps: ChatDeps, chatId: string | null, preferredEndpoint?: string | null) {
  const { queryClient: qc, store, t } = deps;
  store.set(streamingAtom, { chatId, botMessageId: null, phase: "creating", stopping: false });
  stopRequested = false;
  let catalogue: ModelsResponse;
  try {
    catalogue = await qc.ensureQueryData(modelsQuery());
  } catch {
    store.set(streamingAtom, null);
    toast.error(t("chat.genericError"));
    return null;
  }
  // the user's model ran out (or left their plan) since the screen last looked: switch, saying so
  if (!preferredEndpoint) settleWantedModel(store, catalogue);
  const preferred = preferredEndpoint ?? store.get(selectedModelAtom);
  const model = pickModel(catalogue.models, preferred, store.get(disabledModelsAtom), catalogue.default);
  if (!model) {
    store.set(streamingAtom, null);
    void quotaT().then((qt) => toast.error(qt(`quota:model.allOut.${catalogue.plan}`), { key: "model-switch" }));
    return null;
  }
  if (!preferredEndpoint && preferred && preferred !== model.endpoint) store.set(selectedModelAtom, model.endpoint);
  return { catalogue, model };
}

/** Today's web searches are used up (the catalogue's count, or a 403 for them): the spec's critical warning. */
export function searchUsedUp(catalogue: ModelsResponse): boolean {
  return catalogue.search !== undefined && catalogue.search.remaining <= 0;
}

export function showSearchExhausted(deps: ChatDeps): void {
  deps.store.set(searchExhaustedAtom, quotaDay());
}

export interface AnswerRequest {
  chatId: string;
  catalogue: ModelsResponse;
  model: Model;
  /** The JSON body of POST /api/chat/{endpoint}. */
  body: Record<string, unknown>;
  /** The answer as shown while it is written (already in the cache). */
  placeholder: ChatMessage;
  /** The user turned web search on for this question. */
  searchRequested: boolean;
  /** Takes back what this turn put into the cache, when the worker refuses it before answering. */
  undo: () => void;
}

/** Asks for the answer and streams it into the cache. False when the worker refused it (nothing was answered). */
export async function runAnswer(deps: ChatDeps, turn: AnswerRequest): Promise<boolean> {
  const { queryClient: qc, store } = deps;
  const { chatId, placeholder } = turn;
  store.set(streamingAtom, { chatId, botMessageId: placeholder.message_id, phase: "waiting", stopping: false });
  const controller = new AbortController();
  trackActiveRequest(controller);
  let answer: AnswerState = initialAnswer();
  // The next cache write of the text streaming in (at most every FLUSH_MS).
  let timer: ReturnType<typeof setTimeout> | null = null;
  try {
    let res: Response;
    try {
      res = await request(`/api/chat/${encodeURIComponent(turn.model.endpoint)}`, {
        method: "POST",
        body: turn.body,
        signal: controller.signal,
        timeoutMs: 0,
        headers: { Accept: "text/event-stream" },
      });
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 403 &&
        err.code === "quota_exhausted" &&
        err.details?.model === "search"
      ) {
        turn.undo();
        showSearchExhausted(deps);
        qc.setQueryData<ModelsResponse>(modelKeys.all, (old) =>
          old?.search ? { ...old, search: { ...old.search, remaining: 0 } } : old,
        );
        return false;
      }
      if (
        err instanceof ApiError &&
        err.status === 403 &&
        (err.code === "quota_exhausted" || err.code === "premium_required")
      ) {
        turn.undo();
        refuseModel(deps, turn.catalogue, turn.model, err.code);
        return false;
      }
      if (controller.signal.aborted || (err instanceof ApiError && err.status === 401)) return false;
      upsertMessage(qc, chatId, {
        ...placeholder,
        loading: false,
        isStreaming: false,
        error: err instanceof ApiError ? err.code : "network_error",
      });
      return false;
    }

    // Which quota the headers count is known once the stream says whether it searched (a question may search by
    // itself: auto-search); until then they wait.
    let usage: Headers | null = res.headers;
    const countUsage = (searched: boolean) => {
      if (usage) applyUsageHeaders(deps, turn.catalogue, turn.model, usage, searched);
      usage = null;
    };
    if (turn.searchRequested) countUsage(true);
    store.set(streamingAtom, (s) => (s ? { ...s, phase: "streaming" } : s));
    if (stopRequested) void postStop(placeholder.message_id);
    if (!res.body) throw new ApiError(res.status, "stream_interrupted", "Response body is null");

    const flush = () => {
      timer = null;
      upsertMessage(qc, chatId, toMessage(placeholder, answer, true));
    };
    for await (const event of readChatStream(res.body)) {
      answer = applyStreamEvent(answer, event);
      if (
        event !== "[DONE]" &&
        "metadata" in event &&
        (event.metadata.citations !== undefined || event.metadata.search_offline !== undefined)
      ) {
        countUsage(true);
      } else if (event !== "[DONE]" && "content" in event) {
        countUsage(false);
      }
      if (answer.done) break;
      if (!timer) timer = setTimeout(flush, FLUSH_MS);
    }
    countUsage(answer.citations.length > 0);
    if (!answer.done && !answer.error && !answer.stopped) answer = { ...answer, error: "stream_interrupted" };
  } catch (err) {
    if (!answer.error && !answer.stopped) {
      answer = {
        ...answer,
        error: err instanceof ApiError ? err.code : controller.signal.aborted ? "aborted" : "stream_interrupted",
      };
    }
  } finally {
    // On every way out (a stream that broke mid-way too): a write still waiting would land after the final one
    // below and leave the answer marked as streaming.
    if (timer) clearTimeout(timer);
    releaseActiveRequest(controller);
    store.set(streamingAtom, null);
    void qc.invalidateQueries({ queryKey: chatKeys.list() });
    void qc.invalidateQueries({ queryKey: modelKeys.all });
  }
  upsertMessage(qc, chatId, toMessage(placeholder, answer, false));
  return true;
}

export function toMessage(placeholder: ChatMessage, answer: AnswerState, streaming: boolean): ChatMessage {
  return {
    ...placeholder,
    message: answer.text,
    citations: answer.citations,
    searchOffline: answer.searchOffline || placeholder.searchOffline,
    stopped: answer.stopped,
    error: answer.error,
    offline: answer.offline || placeholder.offline,
    model: answer.model ?? placeholder.model,
    loading: streaming && answer.text === "" && !answer.error,
    isStreaming: streaming,
    // This tab writes the answer itself: a chat content fetched meanwhile (which lists it as running) must not make
    // the chat follow it again once it has ended here.
    running: false,
  };
}

/**
 * X-Warning-Level / X-Remaining-Usage: the banner and today's count — of the model, or of the web searches when the
 * turn searched — and the spec's disable-at-1 rule for the model.
 */
function applyUsageHeaders(
  deps: ChatDeps,
  catalogue: ModelsResponse,
  model: Model,
  headers: Headers,
  searched: boolean,
) {
  const { store, queryClient: qc, t } = deps;
  const level = headers.get("X-Warning-Level");
  const remaining = Number(headers.get("X-Remaining-Usage"));
  if (!Number.isFinite(remaining) || headers.get("X-Remaining-Usage") === null) return;
  const name = searched ? t("conversation.webSearch") : model.name;
  qc.setQueryData<ModelsResponse>(modelKeys.all, (old) => {
    if (!old) return old;
    if (searched) return old.search ? { ...old, search: { ...old.search, remaining } } : old;
    return { ...old, models: old.models.map((m) => (m.endpoint === model.endpoint ? { ...m, remaining } : m)) };
  });
  if (isWarningLevel(level) && level !== "none") {
    store.set(usageWarningAtom, {
      level,
      remaining,
      model: name,
      day: quotaDay(),
      ...(searched ? { kind: "search" as const } : {}),
    });
  } else {
    // a warning already showing for this quota keeps counting down instead of going stale
    store.set(usageWarningAtom, (w) => (w && w.model === name ? { ...w, remaining } : w));
  }
  if (searched || !shouldDisable(remaining)) return;
  switchFromUsedUp(store, catalogue, model);
}

/** 403 for a model: disable it for today and switch to another, saying so, or say that everything is used up. */
function refuseModel(
  deps: ChatDeps,
  catalogue: ModelsResponse,
  model: Model,
  code: "quota_exhausted" | "premium_required",
) {
  const { store, queryClient: qc } = deps;
  if (code === "quota_exhausted") {
    switchFromUsedUp(store, catalogue, model);
  } else {
    store.set(disabledModelsAtom, model.endpoint);
    switchFromLocked(store, catalogue, model);
  }
  void qc.invalidateQueries({ queryKey: modelKeys.all });
}

async function postStop(messageId: string): Promise<boolean> {
  try {
    await request("/api/chat/stop", { method: "POST", body: { message_id: messageId } });
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
