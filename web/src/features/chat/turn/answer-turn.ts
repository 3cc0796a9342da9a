// The streamed answer, the kind of turn a question, an edited question and a regenerated answer share: which model
// answers (the user's pick when usable, else another), whether it searches the web, the worker's refusals (403 for the
// model, or for today's web searches), the usage headers, and the streamed events written into the query cache up to
// the final message. Stop works by the answer's id, and a reload mid-answer follows it (follow-answer.ts).
import type { ChatAsk } from "../../../../../worker/protocol/turn-requests";
import { quotaDay } from "../../../../../worker/protocol/rules";
import { readUsageHeaders } from "../../../../../worker/protocol/usage";
import { ApiError } from "../../../lib/api";
import { withRequestId } from "../../../lib/error-message";
import { loadErrorTexts } from "../../../lib/i18n";
import { pickModel } from "../../models/availability";
import { settleWantedModel, switchFromLocked, switchFromUsedUp } from "../../models/on-demand/model-switch";
import { disabledModelsAtom, selectedModelAtom } from "../../models/models.atoms";
import { modelKeys, modelsQuery } from "../../models/models.queries";
import type { Model, ModelsResponse } from "../../models/models.schemas";
import { quotaT } from "../../quota-guide/quota-i18n";
import { toast } from "../../toast/toast.atoms";
import type { ChatDeps } from "../chat-actions";
import { searchExhaustedAtom, searchModeAtom, streamingAtom } from "../chat.atoms";
import type { ChatMessage } from "../chat.schemas";
import { upsertMessage } from "../chat-cache";
import { type AnswerState, initialAnswer, readAnswer } from "./stream-reader";
import { countUse } from "./turn-usage";
import { beginSend, nowIso, runTurn } from "./turn-runner";

/** The catalogue and the model that answers this turn. */
export interface Answerer {
  catalogue: ModelsResponse;
  model: Model;
}

/**
 * The catalogue and the model that answers next (the user's pick when usable, else another), or null after telling
 * the user why nothing can answer. Marks the screen busy first, so a second send waits.
 */
export async function beginTurn(
  deps: ChatDeps,
  chatId: string | null,
  preferredEndpoint?: string | null,
): Promise<Answerer | null> {
  const { queryClient: qc, store, t } = deps;
  beginSend(deps, chatId);
  let catalogue: ModelsResponse;
  try {
    catalogue = await qc.ensureQueryData(modelsQuery());
  } catch (err) {
    store.set(streamingAtom, null);
    toast.error(withRequestId(t, t("chat.genericError"), err));
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

/** Today's web searches are used up (the catalogue's count, or a 403 for them): the critical warning. */
function searchUsedUp(catalogue: ModelsResponse): boolean {
  return catalogue.search !== undefined && catalogue.search.remaining <= 0;
}

function showSearchExhausted(deps: ChatDeps): void {
  deps.store.set(searchExhaustedAtom, quotaDay());
}

/** Search mode for this turn: the toggle. Null (and the turn cancelled, with the warning) when searches are used up. */
export function searchFor(deps: ChatDeps, catalogue: ModelsResponse): boolean | null {
  const on = deps.store.get(searchModeAtom);
  if (on && searchUsedUp(catalogue)) {
    deps.store.set(streamingAtom, null);
    showSearchExhausted(deps);
    return null;
  }
  return on;
}

/** The answer as shown while it is written: empty and loading, by `model`. */
export function botPlaceholder(
  id: string,
  model: string,
  offline: boolean,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    message_id: id,
    sender: "bot",
    message: "",
    model,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
    loading: true,
    isStreaming: true,
    offline,
    ...extra,
  };
}

export interface AnswerRequest extends Answerer {
  chatId: string;
  /** The JSON body of POST /api/chat/{endpoint}. */
  body: ChatAsk;
  /** The answer as shown while it is written (already in the cache). */
  placeholder: ChatMessage;
  /** The user turned web search on for this question. */
  searchRequested: boolean;
  /** Takes back what this turn put into the cache, when the worker refuses it before answering. */
  undo: () => void;
}

/** Asks for the answer and streams it into the cache. False when the worker refused it (nothing was answered). */
export function runAnswer(deps: ChatDeps, turn: AnswerRequest): Promise<boolean> {
  const { queryClient: qc } = deps;
  const { chatId, placeholder, catalogue, model } = turn;
  return runTurn(deps, {
    chatId,
    path: `/api/chat/${encodeURIComponent(model.endpoint)}`,
    body: turn.body,
    placeholder,
    kind: {
      stoppable: true,
      timeoutMs: 0,
      on401: "logout",
      accept: "text/event-stream",
      refreshes: [modelKeys.all],
      refused: (err) => {
        if (err instanceof ApiError && err.status === 403 && err.code === "quota_exhausted") {
          turn.undo();
          if (err.details?.model === "search") {
            showSearchExhausted(deps);
            qc.setQueryData<ModelsResponse>(modelKeys.all, (old) =>
              old?.search ? { ...old, search: { ...old.search, remaining: 0 } } : old,
            );
          } else refuseModel(deps, catalogue, model, err.code);
          return;
        }
        if (err instanceof ApiError && err.status === 403 && err.code === "premium_required") {
          turn.undo();
          refuseModel(deps, catalogue, model, err.code);
          return;
        }
        if (err instanceof ApiError && err.status === 401) return; // the app is already leaving for /login
        upsertMessage(qc, chatId, {
          ...placeholder,
          loading: false,
          isStreaming: false,
          error: err instanceof ApiError ? err.code : "network_error",
        });
      },
      read: async (res, signal) => {
        // Which quota the headers count is known once the stream says whether it searched (a question may search by
        // itself: auto-search); until then they wait.
        let usage = readUsageHeaders(res.headers);
        const countUsage = (searched: boolean) => {
          countUse(deps, usage, searched ? { kind: "search" } : { kind: "model", model, catalogue });
          usage = null;
        };
        if (turn.searchRequested) countUsage(true);
        const show = (answer: AnswerState, streaming: boolean) =>
          upsertMessage(qc, chatId, toMessage(placeholder, answer, streaming));
        if (!res.body) {
          show({ ...initialAnswer(), error: "stream_interrupted" }, false);
          return true;
        }
        const read = await readAnswer(
          res.body,
          initialAnswer(),
          (answer) => show(answer, true),
          (event) => {
            if (event === "[DONE]") return;
            if ("metadata" in event) {
              if (event.metadata.citations !== undefined || event.metadata.search_offline !== undefined) {
                countUsage(true);
              }
            } else if ("content" in event) countUsage(false);
          },
        );
        let { answer } = read;
        if (!read.failed) countUsage(answer.citations.length > 0);
        if (!answer.error && !answer.stopped && (read.failed || !answer.done)) {
          const code = read.failed && read.error instanceof ApiError ? read.error.code : null;
          answer = { ...answer, error: code ?? (read.failed && signal.aborted ? "aborted" : "stream_interrupted") };
        }
        // a failed answer names its request under the error (message-item.tsx), in the errors' texts
        if (answer.error && answer.requestId) await loadErrorTexts();
        show(answer, false);
        return true;
      },
    },
  });
}

export function toMessage(placeholder: ChatMessage, answer: AnswerState, streaming: boolean): ChatMessage {
  return {
    ...placeholder,
    message: answer.text,
    citations: answer.citations,
    searchOffline: answer.searchOffline || placeholder.searchOffline,
    stopped: answer.stopped,
    error: answer.error,
    errorRequestId: answer.requestId,
    offline: answer.offline || placeholder.offline,
    model: answer.model ?? placeholder.model,
    loading: streaming && answer.text === "" && !answer.error,
    isStreaming: streaming,
    // This tab writes the answer itself: a chat content fetched meanwhile (which lists it as running) must not make
    // the chat follow it again once it has ended here.
    running: false,
  };
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
