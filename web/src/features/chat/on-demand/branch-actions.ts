// Moving between versions and leaving a chat's branch for a new chat, loaded with the first use:
//   showVersion  the chat shows another version of a message (and the answers written last below it); the worker
//                saves the choice (PUT /chat-sessions/{id}/branch), so a reload and the user's other devices show it
//   forkFrom     "continue in a new chat": a new chat with the conversation down to the message, opened at once
import i18next from "i18next";
import * as v from "valibot";
import type { ChatMessageRef } from "../../../../../worker/protocol/chat-requests";
import { api, ApiError } from "../../../lib/api";
import { withRequestId } from "../../../lib/error-message";
import { toast } from "../../toast/toast.atoms";
import { ChatSchema } from "../chat.schemas";
import { chatKeys } from "../chat.queries";
import { prependChat } from "../chat-cache";
import type { ChatDeps } from "../chat-actions";
import { VERSIONS_NS } from "./version-texts";

/**
 * Shows an error toast in the reader's language (the namespace loads with it if the switch has not loaded it yet), with
 * the failed call's request id when it has one.
 */
async function fail(key: string, err: unknown) {
  await i18next.loadNamespaces(VERSIONS_NS).catch(() => undefined);
  toast.error(withRequestId(i18next.t, i18next.t(key, { ns: VERSIONS_NS }), err));
}

export async function showVersion(deps: ChatDeps, chatId: string, messageId: string): Promise<boolean> {
  try {
    await api(`/chat-sessions/${encodeURIComponent(chatId)}/branch`, v.object({ message_id: v.string() }), {
      method: "PUT",
      body: { message_id: messageId } satisfies ChatMessageRef,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return false;
    await fail(err instanceof ApiError && err.status === 409 ? "versions.busy" : "versions.switchFailed", err);
    return false;
  }
  // every loaded page again, along the branch now shown
  await deps.queryClient.invalidateQueries({ queryKey: chatKeys.content(chatId) });
  return true;
}

export async function forkFrom(deps: ChatDeps, chatId: string, messageId: string): Promise<boolean> {
  try {
    const chat = await api(`/chat-sessions/${encodeURIComponent(chatId)}/fork`, ChatSchema, {
      method: "POST",
      body: { message_id: messageId } satisfies ChatMessageRef,
    });
    prependChat(deps.queryClient, chat);
    // its content is the server's copy, read when the chat opens
    deps.queryClient.removeQueries({ queryKey: chatKeys.content(chat.id) });
    deps.openChat(chat.id);
    return true;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) await fail("versions.forkFailed", err);
    return false;
  }
}
