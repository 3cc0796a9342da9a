// The sends that are not a plain question, loaded only when one is needed: image mode (chosen for this one send, or
// a regeneration phrase while the latest answer holds a generated picture, which makes the turn an edit of it), and
// questions that carry attachments.
import i18next from "i18next";
import { getDefaultStore } from "jotai";
import { queryClient } from "../../lib/query-client";
import { sendWithFiles, type SendChat } from "../attachments/send-with-files";
import { generatedImageUrl } from "./generated-image";
import { imageModeAtom } from "./image-mode.atoms";
import { type ImageDeps, sendImageTurn } from "./image-turn";
import { isRegenerationPhrase } from "./regeneration";

export interface SpecialSendInput {
  text: string;
  chatId: string | null;
  /** The text of the latest bot message of the chat, if any. */
  latestBotText: string | null;
  send: SendChat;
}

/** Whether this send is an image turn, and the picture it edits (null: a new picture). */
export function imageIntent(
  chosen: boolean,
  text: string,
  latestBotText: string | null,
): { image: boolean; originalImage: string | null } {
  const latest = generatedImageUrl(latestBotText);
  const regenerate = latest !== null && isRegenerationPhrase(text);
  return { image: chosen || regenerate, originalImage: regenerate ? latest : null };
}

/** The app's router, for the chat route a new chat opens and the upgrade page. */
interface Navigator {
  navigate: (opts: { to: "/c/$chatId"; params: { chatId: string } }) => Promise<void>;
  history: { push: (path: string) => void };
}

export async function specialSend(router: Navigator, input: SpecialSendInput): Promise<boolean> {
  const deps: ImageDeps = {
    queryClient,
    store: getDefaultStore(),
    t: i18next.t,
    openChat: (chatId) => void router.navigate({ to: "/c/$chatId", params: { chatId } }),
    openUpgrade: () => router.history.push("/upgrade"),
  };
  const chosen = deps.store.get(imageModeAtom);
  const intent = imageIntent(chosen, input.text, input.latestBotText);
  if (intent.image) {
    deps.store.set(imageModeAtom, false); // image mode lasts one send
    const ok = await sendImageTurn(deps, {
      text: input.text,
      chatId: input.chatId,
      originalImage: intent.originalImage,
    });
    if (!ok && chosen) deps.store.set(imageModeAtom, true); // refused: the retry is still an image
    return ok;
  }
  return sendWithFiles({ text: input.text, chatId: input.chatId, t: deps.t, send: input.send });
}
