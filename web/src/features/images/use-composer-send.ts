// What the input box's send does: a plain question goes straight to the chat turn; image mode, a possible
// regeneration phrase (the latest answer holds a generated picture) or attached files load the special sends first.
// Kept small: it is part of the chat screen's first load.
import { useRouter } from "@tanstack/react-router";
import { getDefaultStore } from "jotai";
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import { loadMedia } from "../attachments/attachments-entry";
import { attachmentsAtom } from "../attachments/attachments.atoms";
import type { ChatMessage } from "../chat/chat.schemas";
import { generatedImageUrl } from "./generated-image";
import { imageModeAtom } from "./image-mode.atoms";

type Send = (text: string, chatId: string | null, attachments?: AttachmentRef[]) => Promise<boolean>;

export function useComposerSend(chatId: string | null, send: Send, messages: readonly ChatMessage[]) {
  const router = useRouter();
  return (text: string) => {
    const store = getDefaultStore();
    const latestBotText = messages.findLast((m) => m.sender === "bot")?.message ?? null;
    if (store.get(imageModeAtom) || store.get(attachmentsAtom).length || generatedImageUrl(latestBotText)) {
      void loadMedia().then((m) => m.specialSend(router, { text, chatId, latestBotText, send }));
    } else void send(text, chatId);
  };
}
