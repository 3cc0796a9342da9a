// The request id of an unexpected failure (5xx, worker/errors.ts) in the toasts that keep their own sentence for a
// failed call, so a user can quote it to support: creating a chat, the model list a turn starts from, forking a chat and
// saving personalization. A refusal (4xx) shows the sentence alone. An answer whose stream fails names the request
// that started it under the bubble's error.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { createStore, getDefaultStore } from "jotai";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatDeps } from "../../web/src/features/chat/chat-actions";
import { forkFrom } from "../../web/src/features/chat/on-demand/branch-actions";
import { VERSIONS_NS } from "../../web/src/features/chat/on-demand/version-texts";
import { sendMessage } from "../../web/src/features/chat/turn/send-message";
import { MessageItem } from "../../web/src/features/chat/message-item";
import { type ChatMessage, toChatMessage } from "../../web/src/features/chat/chat.schemas";
import { chatKeys } from "../../web/src/features/chat/chat.queries";
import { type ChatContentData, allMessages } from "../../web/src/features/chat/chat-cache";
import * as v from "valibot";
import { ContentMessageSchema } from "../../worker/protocol/api";
import { type ChatStreamEvent, STREAM_DONE, encodeEvent } from "../../worker/protocol/chat-stream";
import { loadAccountsTexts } from "../../web/src/features/settings/accounts-texts";
import { PersonalizationTab } from "../../web/src/features/settings/personalization-tab";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { ApiError } from "../../web/src/lib/api";
import { withRequestId } from "../../web/src/lib/error-message";
import { ERRORS_NS, initI18n } from "../../web/src/lib/i18n";
import { catalogue } from "./support/fake-chat-worker";
import { ok, type ScriptedCall, type ScriptedRoute, stubScriptedFetch } from "../support/scripted-fetch";

/** The worker's error body (worker/errors.ts): a 5xx names its request. */
const failure = (status: number, code: string, requestId?: string) => ({
  status,
  body: { status: "error", code, message: "x", ...(requestId ? { request_id: requestId } : {}) },
});
const idLine = (id: string) => i18next.t("request_id", { ns: ERRORS_NS, id });
const toastTexts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => t.message);

let routes: Record<string, ScriptedRoute>;
const calls: ScriptedCall[] = [];

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await Promise.all([loadAccountsTexts(), i18next.loadNamespaces([ERRORS_NS, VERSIONS_NS])]);
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("user", JSON.stringify({ id: "u1", name: "An", email: "an@example.com" }));
  getDefaultStore().set(toastsAtom, []);
  calls.length = 0;
  routes = {};
  stubScriptedFetch(() => routes, calls);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("withRequestId", () => {
  it("adds the request id of an unexpected failure to the caller's sentence, and nothing otherwise", () => {
    const t = i18next.t;
    const unexpected = new ApiError(500, "internal_error", "x", undefined, { request_id: "req-7" });
    expect(withRequestId(t, "Could not save", unexpected)).toBe(`Could not save\n${idLine("req-7")}`);
    expect(idLine("req-7")).toContain("req-7");
    expect(withRequestId(t, "Could not save", new ApiError(403, "forbidden", "x", undefined, {}))).toBe(
      "Could not save",
    );
    expect(withRequestId(t, "Could not save", new Error("offline"))).toBe("Could not save");
  });
});

describe("toasts of a failed chat call", () => {
  const deps = (): ChatDeps => ({
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    store: createStore(),
    t: i18next.t.bind(i18next),
    openChat: vi.fn(),
    openUpgrade: vi.fn(),
  });
  const createFailed = () => i18next.t("chat.createFailed");
  const models = () => ({ status: 200, body: catalogue() });

  it("names the request when a new chat cannot be created for an unexpected reason", async () => {
    routes = { "GET /api/models": models, "POST /chat-sessions": () => failure(500, "internal_error", "req-create") };
    expect(await sendMessage(deps(), { text: "Hello", chatId: null })).toBe(false);
    await waitFor(() => expect(toastTexts()).toEqual([`${createFailed()}\n${idLine("req-create")}`]));
  });

  it("shows the create-failed sentence alone for a refusal", async () => {
    routes = { "GET /api/models": models, "POST /chat-sessions": () => failure(429, "rate_limited") };
    expect(await sendMessage(deps(), { text: "Hello", chatId: null })).toBe(false);
    await waitFor(() => expect(toastTexts()).toEqual([createFailed()]));
  });

  it("names the request when the models a turn needs cannot be had", async () => {
    routes = { "GET /api/models": () => failure(503, "provider_unavailable", "req-models") };
    expect(await sendMessage(deps(), { text: "Hello", chatId: "c1" })).toBe(false);
    await waitFor(() => expect(toastTexts()).toEqual([`${i18next.t("chat.genericError")}\n${idLine("req-models")}`]));
  });

  it("names the request when a chat cannot be continued in a new one", async () => {
    routes = { "POST /chat-sessions/c1/fork": () => failure(500, "internal_error", "req-fork") };
    expect(await forkFrom(deps(), "c1", "m1")).toBe(false);
    const sentence = i18next.t("versions.forkFailed", { ns: VERSIONS_NS });
    expect(toastTexts()).toEqual([`${sentence}\n${idLine("req-fork")}`]);
  });
});

describe("a failed answer", () => {
  const deps = (qc: QueryClient): ChatDeps => ({
    queryClient: qc,
    store: createStore(),
    t: i18next.t.bind(i18next),
    openChat: vi.fn(),
    openUpgrade: vi.fn(),
  });
  /** Asks in chat c1; the answer's stream ends with the worker's error event (`failure`) after some text. */
  async function failedAnswer(failure: ChatStreamEvent): Promise<ChatMessage> {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    routes = {
      "GET /api/models": () => ({ status: 200, body: catalogue() }),
      "POST /api/chat/gpt-4.1-mini": () =>
        new Response([encodeEvent({ content: "Half an" }), encodeEvent(failure), encodeEvent(STREAM_DONE)].join(""), {
          status: 200,
          headers: { "Content-Type": "text/event-stream" },
        }),
    };
    expect(await sendMessage(deps(qc), { text: "Hello", chatId: "c1" })).toBe(true);
    const content = qc.getQueryData<ChatContentData>(chatKeys.content("c1"));
    const bot = content && allMessages(content).at(-1);
    if (!bot) throw new Error("no answer in the cache");
    return bot;
  }

  it("names the request that started it under the error, for the user to quote", async () => {
    const bot = await failedAnswer({ error: "provider_unavailable", message: "x", request_id: "req-turn" });
    expect(bot).toMatchObject({ error: "provider_unavailable", errorRequestId: "req-turn", isStreaming: false });
    render(<MessageItem message={bot} />);
    expect(screen.getByTestId("message-error").textContent).toContain(i18next.t("chat.genericError"));
    // the line is its own chunk, loaded when an answer has failed
    expect((await screen.findByTestId("message-request-id")).textContent).toBe(idLine("req-turn"));
  });

  it("names it again after a reload, from the saved message", async () => {
    // the chat's content as the worker gives it back: the failed answer with its request id (worker/db/messages.ts)
    const saved = v.parse(ContentMessageSchema, {
      message_id: "b1",
      sender: "bot",
      message: "",
      error: "provider_unavailable",
      request_id: "req-saved",
    });
    const bot = toChatMessage(saved);
    expect(bot).toMatchObject({ error: "provider_unavailable", errorRequestId: "req-saved" });
    render(<MessageItem message={bot} />);
    expect((await screen.findByTestId("message-request-id")).textContent).toBe(idLine("req-saved"));
    // a saved answer that did not fail shows no id, whatever the row says
    cleanup();
    render(<MessageItem message={toChatMessage({ ...saved, error: null, message: "Fine." })} />);
    expect(screen.queryByTestId("message-request-id")).toBeNull();
  });

  it("shows the error alone when the stream names no request", async () => {
    const bot = await failedAnswer({ error: "provider_unavailable", message: "x" });
    // beside one that names its request, whose line (a chunk of its own) shows once loaded: the first shows none
    const named = { ...bot, message_id: "named", errorRequestId: "req-named" };
    render(
      <>
        <MessageItem message={bot} />
        <MessageItem message={named} />
      </>,
    );
    await screen.findByTestId("message-request-id");
    expect(screen.getAllByTestId("message-error")).toHaveLength(2);
    expect(screen.getAllByTestId("message-request-id").map((e) => e.textContent)).toEqual([idLine("req-named")]);
  });
});

describe("toasts of personalization", () => {
  const settings = {
    chat_customization: "",
    enable_search: true,
    enable_ai_custom: true,
    allow_new_chats: true,
    ai_style: null,
    memory_enabled: true,
    custom_instruction_max_chars: 1500,
  };
  function renderTab() {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const root = createRootRoute({
      component: () => (
        <QueryClientProvider client={qc}>
          <PersonalizationTab />
        </QueryClientProvider>
      ),
    });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/settings"] }) });
    render(<RouterProvider router={router} />);
  }
  const saveFailing = async (status: number, code: string, requestId?: string) => {
    routes = {
      "GET /auth/me": () =>
        ok({ user: { id: "u1", name: "An", email: "an@example.com", plan: "free", is_premium: 0 } }),
      "GET /auth/ai-settings": () => ok(settings),
      "GET /auth/memories": () => ok({ memories: [], limit: 20 }),
      "POST /auth/update-chat-customization": () => failure(status, code, requestId),
    };
    renderTab();
    fireEvent.change(await screen.findByTestId("custom-instruction"), { target: { value: "Be brief." } });
    fireEvent.click(screen.getByTestId("instruction-save"));
  };
  const failed = () => i18next.t("personalization.failed", { ns: "accounts" });

  it("names the request when the instruction cannot be saved for an unexpected reason", async () => {
    await saveFailing(500, "internal_error", "req-save");
    await waitFor(() => expect(toastTexts()).toEqual([`${failed()}\n${idLine("req-save")}`]));
  });

  it("shows its sentence alone when the save is refused", async () => {
    await saveFailing(400, "invalid_input");
    await waitFor(() => expect(toastTexts()).toEqual([failed()]));
  });
});
