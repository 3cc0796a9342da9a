// Sending a question and stopping an answer. This runs outside any component (it keeps going when the screen
// navigates from / to /c/$chatId mid-answer) and writes everything it learns into the query cache and atoms:
//   no chat yet → create one (title by the shared rule) → user message + bot placeholder → POST /api/chat/{model}
//   → usage headers → streamed events → final message. 403s for the model undo the exchange and switch models.
import type { QueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { getDefaultStore } from "jotai";
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import { titleFromPrompt } from "../../../../worker/protocol/rules";
import { ApiError, request } from "../../lib/api";
import { newId } from "../../lib/ids";
import { STORAGE_KEYS, writeItem } from "../../lib/storage";
import { pickModel, shouldDisable } from "../models/availability";
import { disabledModelsAtom, localDay, selectedModelAtom, usageWarningAtom } from "../models/models.atoms";
import { modelKeys, modelsQuery } from "../models/models.queries";
import type { Model, ModelsResponse } from "../models/models.schemas";
import { isWarningLevel } from "../models/usage-warning";
import { toast } from "../toast/toast.atoms";
import { newChatPersonaAtom } from "../experts/experts.atoms";
import { createChat } from "./chat.api";
import { draftAtom, streamingAtom } from "./chat.atoms";
import { chatKeys } from "./chat.queries";
import type { ChatMessage } from "./chat.schemas";
import { prependChat, removeMessages, upsertMessage } from "./chat-cache";
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
let activeRequest: AbortController | null = null;

/** Aborts the stream being read (logout): the answer itself is still finished and saved by the worker. */
export function abortActiveStream(): void {
  activeRequest?.abort();
}

function nowIso() {
  return new Date().toISOString();
}

export async function sendMessage(
  deps: ChatDeps,
  input: { text: string; chatId: string | null; attachments?: AttachmentRef[] },
): Promise<boolean> {
  const { queryClient: qc, store, t } = deps;
  const question = input.text.trim();
  if (!question || store.get(streamingAtom)) return false;
  store.set(streamingAtom, { chatId: input.chatId, botMessageId: null, phase: "creating", stopping: false });
  stopRequested = false;

  let catalogue: ModelsResponse;
  try {
    catalogue = await qc.ensureQueryData(modelsQuery());
  } catch {
    store.set(streamingAtom, null);
    toast.error(t("chat.genericError"));
    return false;
  }
  const preferred = store.get(selectedModelAtom);
  const model = pickModel(catalogue.models, preferred, store.get(disabledModelsAtom), catalogue.default);
  if (!model) {
    store.set(streamingAtom, null);
    toast.error(t("models.allExhausted"), { key: "model-switch" });
    return false;
  }
  if (preferred && preferred !== model.endpoint) store.set(selectedModelAtom, model.endpoint);

  let chatId = input.chatId;
  if (!chatId) {
    try {
      const chat = await createChat(titleFromPrompt(question), store.get(newChatPersonaAtom));
      store.set(newChatPersonaAtom, null);
      chatId = chat.id;
      prependChat(qc, chat);
      writeItem(STORAGE_KEYS.currentChatId, chat.id);
      deps.openChat(chat.id);
    } catch (err) {
      store.set(streamingAtom, null);
      if (!(err instanceof ApiError && err.status === 401)) toast.error(t("chat.createFailed"));
      return false;
    }
  }

  const userMessage: ChatMessage = {
    message_id: newId(),
    sender: "user",
    message: question,
    model: model.endpoint,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
    attachments: input.attachments ?? [],
  };
  const botId = newId();
  const placeholder: ChatMessage = {
    message_id: botId,
    sender: "bot",
    message: "",
    model: model.endpoint,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
    loading: true,
    isStreaming: true,
    offline: model.offline,
  };
  await qc.cancelQueries({ queryKey: chatKeys.content(chatId) });
  upsertMessage(qc, chatId, userMessage);
  upsertMessage(qc, chatId, placeholder);
  store.set(draftAtom, "");
  store.set(streamingAtom, { chatId, botMessageId: botId, phase: "waiting", stopping: false });

  const controller = new AbortController();
  activeRequest = controller;
  let answer: AnswerState = initialAnswer();
  try {
    let res: Response;
    try {
      res = await request(`/api/chat/${encodeURIComponent(model.endpoint)}`, {
        method: "POST",
        body: {
          question,
          chat_id: chatId,
          message_id: userMessage.message_id,
          bot_message_id: botId,
          ...(input.attachments?.length ? { attachment_ids: input.attachments.map((a) => a.id) } : {}),
        },
        signal: controller.signal,
        timeoutMs: 0,
        headers: { Accept: "text/event-stream" },
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && (err.code === "quota_exhausted" || err.code === "premium_required")) {
        removeMessages(qc, chatId, [userMessage.message_id, botId]);
        store.set(draftAtom, question);
        refuseModel(deps, catalogue, model, err.code);
        return false;
      }
      if (controller.signal.aborted || (err instanceof ApiError && err.status === 401)) return false;
      upsertMessage(qc, chatId, { ...placeholder, loading: false, isStreaming: false, error: err instanceof ApiError ? err.code : "network_error" });
      return false;
    }

    applyUsageHeaders(deps, catalogue, model, res.headers);
    store.set(streamingAtom, (s) => (s ? { ...s, phase: "streaming" } : s));
    if (stopRequested) void postStop(botId);
    if (!res.body) throw new ApiError(res.status, "stream_interrupted", "Response body is null");

    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      upsertMessage(qc, chatId, toMessage(placeholder, answer, true));
    };
    for await (const event of readChatStream(res.body)) {
      answer = applyStreamEvent(answer, event);
      if (answer.done) break;
      if (!timer) timer = setTimeout(flush, FLUSH_MS);
    }
    if (timer) clearTimeout(timer);
    if (!answer.done && !answer.error && !answer.stopped) answer = { ...answer, error: "stream_interrupted" };
  } catch (err) {
    if (!answer.error && !answer.stopped) {
      answer = { ...answer, error: err instanceof ApiError ? err.code : controller.signal.aborted ? "aborted" : "stream_interrupted" };
    }
  } finally {
    if (activeRequest === controller) activeRequest = null;
    store.set(streamingAtom, null);
    void qc.invalidateQueries({ queryKey: chatKeys.list() });
    void qc.invalidateQueries({ queryKey: modelKeys.all });
  }
  upsertMessage(qc, chatId, toMessage(placeholder, answer, false));
  return true;
}

function toMessage(placeholder: ChatMessage, answer: AnswerState, streaming: boolean): ChatMessage {
  return {
    ...placeholder,
    message: answer.text,
    citations: answer.citations,
    stopped: answer.stopped,
    error: answer.error,
    offline: answer.offline || placeholder.offline,
    model: answer.model ?? placeholder.model,
    loading: streaming && answer.text === "" && !answer.error,
    isStreaming: streaming,
  };
}

/** X-Warning-Level / X-Remaining-Usage: the banner, today's count, and the spec's disable-at-1 rule. */
function applyUsageHeaders(deps: ChatDeps, catalogue: ModelsResponse, model: Model, headers: Headers) {
  const { store, queryClient: qc, t } = deps;
  const level = headers.get("X-Warning-Level");
  const remaining = Number(headers.get("X-Remaining-Usage"));
  if (!Number.isFinite(remaining) || headers.get("X-Remaining-Usage") === null) return;
  qc.setQueryData<ModelsResponse>(modelKeys.all, (old) =>
    old ? { ...old, models: old.models.map((m) => (m.endpoint === model.endpoint ? { ...m, remaining } : m)) } : old,
  );
  if (isWarningLevel(level) && level !== "none") {
    store.set(usageWarningAtom, { level, remaining, model: model.name, day: localDay() });
  } else {
    // a warning already showing for this model keeps counting down instead of going stale
    store.set(usageWarningAtom, (w) => (w && w.model === model.name ? { ...w, remaining } : w));
  }
  if (shouldDisable(remaining)) {
    store.set(disabledModelsAtom, model.endpoint);
    const next = pickModel(catalogue.models, null, store.get(disabledModelsAtom), catalogue.default);
    if (next) {
      store.set(selectedModelAtom, next.endpoint);
      toast.warning(t("models.lockedAfterThis", { model: model.name, next: next.name }), { key: "model-switch" });
    } else {
      toast.warning(t("models.allExhausted"), { key: "model-switch" });
    }
  }
}

/** 403 for a model: disable it for today and switch to another, or say that everything is used up. */
function refuseModel(deps: ChatDeps, catalogue: ModelsResponse, model: Model, code: "quota_exhausted" | "premium_required") {
  const { store, queryClient: qc, t } = deps;
  store.set(disabledModelsAtom, model.endpoint);
  if (code === "quota_exhausted") {
    store.set(usageWarningAtom, { level: "zero_remaining", remaining: 0, model: model.name, day: localDay() });
  }
  const next = pickModel(catalogue.models, null, store.get(disabledModelsAtom), catalogue.default);
  const reason = code === "quota_exhausted" ? t("models.exhausted", { model: model.name }) : t("models.premiumOnly", { model: model.name });
  if (next) {
    store.set(selectedModelAtom, next.endpoint);
    toast.warning(`${reason} ${t("models.switchedTo", { model: next.name })}`, { key: "model-switch" });
  } else {
    toast.error(`${reason} ${t("models.allExhausted")}`, { key: "model-switch" });
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
