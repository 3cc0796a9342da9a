// What the keyboard shortcuts do, loaded the first time one of their keys is pressed (signed-in/power-keys.ts lets
// only those through): Ctrl/⌘+Shift+O a new chat, Shift+Esc focus on the input, Ctrl/⌘+Shift+C a copy of the last
// answer (or of the text selected, which it must still copy in a field), Ctrl/⌘+Shift+S the sidebar shown or hidden,
// Esc the answer stopped, Ctrl/⌘+/ the dialog that lists them. Escape stops an answer only where it has no job of its
// own: not in another field than the input, a dialog or a menu, nor when something else already took it.
import type { AnyRouter } from "@tanstack/react-router";
import i18next from "i18next";
import { getDefaultStore } from "jotai";
import { queryClient } from "../../lib/signed-in/query-client";
import { STORAGE_KEYS, writeItem } from "../../lib/storage";
import { streamingAtom } from "../chat/chat.atoms";
import { chatKeys } from "../chat/chat.queries";
import { type ChatContentData, allMessages } from "../chat/chat-cache";
import { newChatPersonaAtom } from "../experts/experts.atoms";
import { drawerOpenAtom, sidebarCollapsedAtom } from "../layout/layout.atoms";
import { toast } from "../toast/toast.atoms";

type PowerKey = "new" | "copy" | "sidebar" | "keys" | "focus" | "stop";

/** Ctrl/⌘+Shift+letter, by the key's place. */
const WITH_SHIFT: Partial<Record<string, PowerKey>> = { KeyO: "new", KeyC: "copy", KeyS: "sidebar" };

/** The shortcut a key press is, if any (the listener let through only Escape and Ctrl/⌘ combinations). */
function powerKey(e: KeyboardEvent): PowerKey | undefined {
  if (e.key !== "Escape") return e.shiftKey ? WITH_SHIFT[e.code] : "keys";
  if (e.shiftKey) return "focus";
  const at = e.target as Element;
  const ownJob = at.id !== "chat-input" && at.closest?.("input,textarea,select,[contenteditable],dialog,[role=menu]");
  return e.defaultPrevented || ownJob ? undefined : "stop";
}

const CHAT_PATH = /^\/c\/([^/]+)\/?$/;
/** Phones, where the sidebar is a drawer: the mobile breakpoint (layout/use-media-query.ts, 768 px). */
const MOBILE_QUERY = "(max-width: 768px)";

const input = () => document.getElementById("chat-input");

/** The text selected in the focused field, else on the page ("" when none). */
function selectedText(): string {
  const el = document.activeElement;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) {
    return el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0);
  }
  return getSelection()?.toString() ?? "";
}

/** The open chat's last answer that has a text (not a failed one), from what is loaded of it. */
function lastAnswer(router: AnyRouter): string | undefined {
  const id = CHAT_PATH.exec(router.state.location.pathname)?.[1];
  if (!id) return;
  const messages = allMessages(queryClient.getQueryData<ChatContentData>(chatKeys.content(decodeURIComponent(id))));
  return messages.findLast((m) => m.sender === "bot" && m.message && !(m.error && !m.stopped))?.message;
}

async function copy(router: AnyRouter): Promise<void> {
  const selected = selectedText();
  const text = selected || lastAnswer(router);
  if (!text) return;
  try {
    await navigator.clipboard.writeText(text);
    // copying a selection is the ordinary copy, which shows nothing
    if (!selected) toast.success(i18next.t("chat.copied"), { key: "copied" });
  } catch {
    // clipboard refused (permissions): nothing to show, as the copy buttons
  }
}

export async function runShortcut(e: KeyboardEvent, router: AnyRouter): Promise<void> {
  const store = getDefaultStore();
  const key = powerKey(e);
  if (!key) return;
  if (key === "focus") input()?.focus();
  else if (key === "copy") await copy(router);
  else if (key === "keys") (await import("./shortcuts-dialog")).toggleShortcutsDialog();
  else if (key === "sidebar") {
    if (matchMedia(MOBILE_QUERY).matches) store.set(drawerOpenAtom, (open) => !open);
    else store.set(sidebarCollapsedAtom, (collapsed) => !collapsed);
  } else if (key === "stop") {
    // as the input's stop button (use-chat-actions.ts), while an answer is running (the sending code is loaded then)
    if (!store.get(streamingAtom)?.botMessageId) return;
    const { stopAnswer } = await import("../chat/turn/send-message");
    await stopAnswer({
      queryClient,
      store,
      t: i18next.t,
      openChat: (chatId) => void router.navigate({ to: "/c/$chatId", params: { chatId } }),
      openUpgrade: () => router.history.push("/upgrade"),
    });
  } else if (store.get(streamingAtom)?.phase !== "creating") {
    // a new chat, as the sidebar's button (layout/sidebar.tsx useNewChat), then straight to typing
    store.set(newChatPersonaAtom, null);
    writeItem(STORAGE_KEYS.currentChatId, null);
    await router.navigate({ to: "/" });
    input()?.focus();
  }
}
