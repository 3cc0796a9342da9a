// The first send of a new chat creates it once, for text and image turns alike: the expert persona picked in the
// sidebar goes with it (and is used up), the chat opens, and a failed create cancels the turn with a toast.
import { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { createStore, getDefaultStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatDeps } from "../../web/src/features/chat/chat-actions";
import { streamingAtom } from "../../web/src/features/chat/chat.atoms";
import { sendMessage } from "../../web/src/features/chat/turn/send-message";
import { newChatPersonaAtom } from "../../web/src/features/experts/experts.atoms";
import { imageModeAtom } from "../../web/src/features/images/signed-in/image-mode.atoms";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { fakeWorker, json, settle } from "./support/fake-chat-worker";

describe("opening a new chat on the first send", () => {
  let deps: ChatDeps;
  let store: ReturnType<typeof createStore>;

  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem("user", JSON.stringify({ id: "u1", name: "An", email: "an@example.com" }));
    await i18next.init({ lng: "en", resources: {} });
    store = createStore();
    deps = {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      store,
      t: i18next.t.bind(i18next),
      openChat: vi.fn(),
      openUpgrade: vi.fn(),
    };
    getDefaultStore().set(toastsAtom, []);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts a text chat with the expert persona picked in the sidebar, once", async () => {
    store.set(newChatPersonaAtom, "english-professor");
    const calls = fakeWorker(() => json(500, {}));
    await sendMessage(deps, { text: "Correct my essay", chatId: null });
    const create = calls.find((c) => c.url === "/chat-sessions");
    expect(create?.body).toMatchObject({ persona: "english-professor" });
    expect(store.get(newChatPersonaAtom)).toBeNull();
    expect(deps.openChat).toHaveBeenCalledWith("chat-1");
  });

  it("starts an image chat with the expert persona too", async () => {
    store.set(newChatPersonaAtom, "market-analyst");
    const calls = fakeWorker(() => json(500, {}));
    store.set(imageModeAtom, true);
    await sendMessage(deps, { text: "A chart of rice prices", chatId: null });
    const create = calls.find((c) => c.url === "/chat-sessions");
    expect(create?.body).toMatchObject({ title: "A chart of rice prices", persona: "market-analyst" });
    expect(store.get(newChatPersonaAtom)).toBeNull();
    expect(deps.openChat).toHaveBeenCalledWith("chat-1");
    expect(calls.some((c) => c.url === "/api/chat/image" && c.body?.chat_id === "chat-1")).toBe(true);
  });

  it("cancels the turn with the create-failed toast when the chat cannot be created", async () => {
    store.set(newChatPersonaAtom, "market-analyst");
    const fetchMock = vi.fn(async (_url: string) =>
      json(500, { status: "error", code: "internal", message: "Something went wrong" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    store.set(imageModeAtom, true);
    expect(await sendMessage(deps, { text: "A cat", chatId: null })).toBe(false);
    await settle();
    expect(store.get(streamingAtom)).toBeNull();
    expect(store.get(newChatPersonaAtom)).toBe("market-analyst");
    expect(deps.openChat).not.toHaveBeenCalled();
    expect(
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.message),
    ).toContain("chat.createFailed");
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/chat-sessions"]);
  });
});
