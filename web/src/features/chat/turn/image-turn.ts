// The picture, the kind of turn image mode and a regeneration phrase make (POST /api/chat/image): the worker draws, or
// edits the latest generated picture, in one piece — no stop button, nothing partial — and the answer becomes the
// saved bot message: the picture as markdown with alt 'Generated image' and its description. The image quota's headers
// count like any other (turn-usage.ts); a 403 means today's generations are used up (the exchange is undone and an
// upgrade action offered), and every other failure undoes it too, with its own text. Loaded with the first picture.
import type { ImageAsk } from "../../../../../worker/protocol/turn-requests";
import { readUsageHeaders } from "../../../../../worker/protocol/usage";
import { ApiError, handleUnauthorized } from "../../../lib/api";
import { getStoredUser } from "../../auth/every-page/session";
import { imageErrorText } from "../../images/image-errors";
import { imageDisabledAtom } from "../../images/image-quota.atoms";
import { parseImageBody, toImageResult } from "../../images/image-response";
import { mediaT } from "../../images/media-i18n";
import { toast } from "../../toast/toast.atoms";
import { botPlaceholder } from "./answer-turn";
import type { ChatDeps } from "../chat-actions";
import { upsertMessage } from "../chat-cache";
import { type Exchange, runTurn } from "./turn-runner";
import { countUse } from "./turn-usage";

/** Image calls wait longer than ordinary ones: a provider may take up to a minute to draw, in milliseconds. */
const IMAGE_TIMEOUT_MS = 90_000;

/** The image model name existing clients send in the payload (the worker picks the real source). */
const IMAGE_MODEL = "stable-diffusion";

/** Today's image generations are used up: the critical warning, image mode disabled, and an upgrade action. */
async function refuseForQuota(deps: ChatDeps): Promise<void> {
  countUse(deps, { remaining: 0, level: "zero_remaining" }, { kind: "image" });
  const mt = await mediaT();
  toast.error(mt("images.errors.quotaExhausted"), {
    key: "image-quota",
    action: { label: deps.t("usage.action.upgrade"), onClick: deps.openUpgrade },
  });
}

/**
 * Whether a picture may be asked for at all: a guest is told to sign in, and a quota already used up today is
 * refused here, without a call. Before anything is shown.
 */
export async function mayDraw(deps: ChatDeps): Promise<boolean> {
  if (!getStoredUser()) {
    toast.error((await mediaT())("images.errors.loginRequired"), { key: "image-error" });
    return false;
  }
  if (deps.store.get(imageDisabledAtom)) {
    await refuseForQuota(deps);
    return false;
  }
  return true;
}

/** Draws (or, with `originalImage`, edits) the picture `exchange` asked for. False when nothing was drawn. */
export function runImage(deps: ChatDeps, exchange: Exchange, originalImage: string | null): Promise<boolean> {
  const { queryClient: qc, t } = deps;
  const { chatId, question, placeholder } = exchange;
  const failed = async (err: unknown) => {
    exchange.undo();
    if (err instanceof ApiError && err.status === 403 && err.code === "quota_exhausted") {
      await refuseForQuota(deps);
      return;
    }
    toast.error(imageErrorText(await mediaT(), t, err), { key: "image-error" });
    if (err instanceof ApiError && err.status === 401) handleUnauthorized();
  };
  return runTurn(deps, {
    chatId,
    path: "/api/chat/image",
    body: {
      question,
      chat_id: chatId,
      user_id: getStoredUser()?.id ?? null,
      model: IMAGE_MODEL,
      message_id: exchange.userMessageId,
      bot_message_id: placeholder.message_id,
      is_edit: originalImage !== null,
      original_image: originalImage,
    } satisfies ImageAsk,
    placeholder,
    kind: {
      stoppable: false,
      timeoutMs: IMAGE_TIMEOUT_MS,
      // a 401 says so in image words before the app leaves for /login
      on401: "throw",
      accept: "application/json",
      refreshes: [["gallery"]],
      refused: failed,
      read: async (res) => {
        try {
          const result = toImageResult(parseImageBody(await res.text()));
          upsertMessage(qc, chatId, {
            ...placeholder,
            message: result.message,
            model: result.model,
            offline: result.offline,
            loading: false,
            isStreaming: false,
          });
        } catch (err) {
          await failed(err);
          return false;
        }
        countUse(deps, readUsageHeaders(res.headers), { kind: "image" });
        return true;
      },
    },
  });
}

/** The placeholder of a picture being drawn. */
export const imagePlaceholder = (id: string) => botPlaceholder(id, IMAGE_MODEL, false);
