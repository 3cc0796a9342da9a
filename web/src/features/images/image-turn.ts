// One image turn (POST /api/chat/image), the image variation of sendMessage in ../chat/chat-actions.ts: the chat is
// created if needed, the question and a placeholder answer appear at once, the worker draws (or edits) the picture,
// and the answer becomes the saved bot message — the picture as markdown with alt 'Generated image' and its
// description. The image quota's headers drive the usage warning and the image-disabled flag; a 403 means today's
// generations are used up (the exchange is undone and an upgrade action offered); every failure has its own text.
import { quotaDay } from "../../../../worker/protocol/rules";
import { ApiError, handleUnauthorized, request } from "../../lib/api";
import { newId } from "../../lib/ids";
import { getStoredUser } from "../auth/session";
import { draftAtom, streamingAtom } from "../chat/chat.atoms";
import { chatKeys } from "../chat/chat.queries";
import type { ChatMessage } from "../chat/chat.schemas";
import { removeMessages, upsertMessage } from "../chat/chat-cache";
import { openExchange } from "../chat/open-new-chat";
import type { ChatDeps } from "../chat/chat-actions";
import { shouldDisable } from "../models/availability";
import { usageWarningAtom } from "../models/models.atoms";
import { isWarningLevel } from "../models/usage-warning";
import { toast } from "../toast/toast.atoms";
import { imageErrorText } from "./image-errors";
import { imageDisabledAtom } from "./image-quota.atoms";
import { parseImageBody, toImageResult } from "./image-response";
import { mediaT } from "./media-i18n";

/** Image calls wait longer than ordinary ones: a provider may take up to a minute to draw (IMAGE_TIMEOUT_MS). */
export const IMAGE_TIMEOUT_MS = 90_000;

/** The spec's image model name in the payload (the worker picks the real source). */
const IMAGE_MODEL = "stable-diffusion";

export interface ImageDeps extends ChatDeps {
  /** Opens the upgrade page (the quota's upgrade action). */
  openUpgrade: () => void;
}

export interface ImageTurnInput {
  text: string;
  chatId: string | null;
  /** The picture to edit (the latest generated image's URL), or null to draw a new one. */
  originalImage: string | null;
}

function nowIso() {
  return new Date().toISOString();
}

/** Today's image generations are used up: the critical warning and an upgrade action. */
async function refuseForQuota(deps: ImageDeps) {
  const mt = await mediaT();
  deps.store.set(imageDisabledAtom, true);
  deps.store.set(usageWarningAtom, {
    level: "zero_remaining",
    remaining: 0,
    model: "",
    kind: "image",
    day: quotaDay(),
  });
  toast.error(mt("images.errors.quotaExhausted"), {
    key: "image-quota",
    action: { label: deps.t("usage.action.upgrade"), onClick: deps.openUpgrade },
  });
}

export async function sendImageTurn(deps: ImageDeps, input: ImageTurnInput): Promise<boolean> {
  const { queryClient: qc, store, t } = deps;
  const question = input.text.trim();
  if (!question || store.get(streamingAtom)) return false;
  const mt = await mediaT();
  if (!getStoredUser()) {
    toast.error(mt("images.errors.loginRequired"), { key: "image-error" });
    return false;
  }
  if (store.get(imageDisabledAtom)) {
    await refuseForQuota(deps);
    return false;
  }
  store.set(streamingAtom, { chatId: input.chatId, botMessageId: null, phase: "creating", stopping: false });

  const userMessage: ChatMessage = {
    message_id: newId(),
    sender: "user",
    message: question,
    model: IMAGE_MODEL,
    citations: [],
    stopped: false,
    error: null,
    created_at: nowIso(),
  };
  const botId = newId();
  const placeholder: ChatMessage = {
    ...userMessage,
    message_id: botId,
    sender: "bot",
    message: "",
    loading: true,
    isStreaming: true,
  };
  const chatId = await openExchange(deps, { chatId: input.chatId, question, messages: [userMessage, placeholder] });
  if (!chatId) return false;
  // No stop button: a picture is drawn in one piece, there is nothing partial to keep.
  store.set(streamingAtom, { chatId, botMessageId: null, phase: "waiting", stopping: false });

  const undo = (restoreDraft: boolean) => {
    removeMessages(qc, chatId, [userMessage.message_id, botId]);
    if (restoreDraft) store.set(draftAtom, question);
  };
  try {
    const res = await request("/api/chat/image", {
      method: "POST",
      body: {
        question,
        chat_id: chatId,
        user_id: getStoredUser()?.id ?? null,
        model: IMAGE_MODEL,
        message_id: userMessage.message_id,
        bot_message_id: botId,
        is_edit: input.originalImage !== null,
        original_image: input.originalImage,
      },
      on401: "throw",
      timeoutMs: IMAGE_TIMEOUT_MS,
    });
    const result = toImageResult(parseImageBody(await res.text()));
    upsertMessage(qc, chatId, {
      ...placeholder,
      message: result.message,
      model: result.model,
      offline: result.offline,
      loading: false,
      isStreaming: false,
    });
    await applyImageUsage(deps, res.headers);
    return true;
  } catch (err) {
    undo(true);
    if (err instanceof ApiError && err.status === 403 && err.code === "quota_exhausted") {
      await refuseForQuota(deps);
      return false;
    }
    toast.error(imageErrorText(mt, t, err), { key: "image-error" });
    if (err instanceof ApiError && err.status === 401) handleUnauthorized();
    return false;
  } finally {
    store.set(streamingAtom, null);
    void qc.invalidateQueries({ queryKey: chatKeys.list() });
    void qc.invalidateQueries({ queryKey: ["gallery"] });
  }
}

/** X-Warning-Level / X-Remaining-Usage of the image quota: the warning banner and the disable-at-1 rule. */
async function applyImageUsage(deps: ImageDeps, headers: Headers) {
  const raw = headers.get("X-Remaining-Usage");
  const remaining = Number(raw);
  if (raw === null || !Number.isFinite(remaining)) return;
  const level = headers.get("X-Warning-Level");
  if (isWarningLevel(level) && level !== "none") {
    deps.store.set(usageWarningAtom, { level, remaining, model: "", kind: "image", day: quotaDay() });
  }
  if (shouldDisable(remaining)) deps.store.set(imageDisabledAtom, true);
}
