// Settings > Security's "Import from ChatGPT" in jsdom against a scripted XMLHttpRequest (the one browser API with
// upload progress): the file goes up with the bar following its bytes, then the bar follows the conversations the
// worker's streamed lines count (a line cut in two is read once whole, lines of another shape are skipped), and the
// summary says how many chats came in and which conversations were skipped and why; the history is fetched again when
// the import ends, however it ends. A file the worker refuses (400) is said in a toast, Cancel aborts the request, a
// stream that breaks off says what stays, and a file over 20 MB is refused before anything is sent.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chatKeys } from "../../web/src/features/chat/chat.queries";
import {
  IMPORT_URL,
  MAX_IMPORT_BYTES,
  importContentType,
  parseImportLine,
} from "../../web/src/features/chat-import/chat-import.api";
import { ChatImportSection, SKIPPED_SHOWN } from "../../web/src/features/chat-import/chat-import-section";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";

const MIB = 1024 * 1024;

/** A scripted XMLHttpRequest: the test says what the upload and the answer do, and when. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((e: { loaded: number }) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  // what the network does, each step inside act() as React state follows it
  sending(loaded: number) {
    act(() => this.upload.onprogress?.({ loaded }));
  }
  uploaded() {
    act(() => this.upload.onload?.());
  }
  answer(status: number, text = "") {
    act(() => {
      this.status = status;
      this.responseText += text;
      this.onprogress?.();
    });
  }
  stream(...lines: unknown[]) {
    this.answer(this.status || 200, lines.map((l) => `${typeof l === "string" ? l : JSON.stringify(l)}\n`).join(""));
  }
  end() {
    act(() => this.onload?.());
  }
  breakOff() {
    act(() => this.onerror?.());
  }
}

/** Clicks Import and answers the request it sends (the mutation starts it a moment later). */
async function startImport(): Promise<FakeXhr> {
  const before = FakeXhr.sent.length;
  fireEvent.click(screen.getByTestId("chatgpt-import-start"));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(before + 1));
  return FakeXhr.sent[before]!;
}

beforeAll(async () => {
  await initI18n();
  await setLanguage("en");
});
beforeEach(() => {
  FakeXhr.sent = [];
  getDefaultStore().set(toastsAtom, []);
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  // the import never goes through fetch: a call would be a mistake
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 404 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const toastMessages = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => `${t.type}: ${t.message}`);

/** The section on a memory router at /settings, with '/' beside it for "See your chats"; the history is cached. */
function renderSection() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(chatKeys.list(), { pages: [], pageParams: [] });
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={qc}>
        <Outlet />
      </QueryClientProvider>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: "/settings", component: ChatImportSection }),
      createRoute({ getParentRoute: () => root, path: "/", component: () => <p data-testid="home">chats</p> }),
    ]),
    history: createMemoryHistory({ initialEntries: ["/settings"] }),
  });
  render(<RouterProvider router={router} />);
  const historyInvalidated = () => qc.getQueryState(chatKeys.list())?.isInvalidated ?? false;
  return { router, historyInvalidated };
}

function exportFile(name = "conversations.json", bytes = 1024, type = "application/json") {
  return new File([new Uint8Array(bytes)], name, { type });
}

function choose(file: File) {
  fireEvent.change(screen.getByTestId("chatgpt-import-file"), { target: { files: [file] } });
}

const bar = () => screen.getByTestId("chatgpt-import-progress");
const status = () => screen.getByTestId("chatgpt-import-status").textContent;

describe("Import from ChatGPT", () => {
  it("uploads the file with its progress, then counts the conversations written, and sums up what was skipped", async () => {
    const { router, historyInvalidated } = renderSection();
    const section = await screen.findByTestId("chatgpt-import");
    expect(within(section).getByRole("heading").textContent).toBe("Import from ChatGPT");
    expect(section.textContent).toContain("Settings → Data controls → Export data");
    expect(section.textContent).toContain("Upload that zip, or the conversations.json inside it.");
    expect(section.textContent).toContain("keep their branches and dates, use none of your daily quota");
    expect(section.textContent).toContain("importing the same file twice adds nothing");
    const input = screen.getByTestId<HTMLInputElement>("chatgpt-import-file");
    expect(input.accept).toBe(".zip,.json,application/zip,application/json");
    expect(screen.getByTestId<HTMLButtonElement>("chatgpt-import-start").disabled).toBe(true);

    const file = exportFile("conversations.json", 2 * MIB);
    choose(file);
    expect(screen.getByTestId("chatgpt-import-name").textContent).toBe("conversations.json (2.0 MB)");
    expect(FakeXhr.sent).toEqual([]); // nothing is sent until asked
    const xhr = await startImport();
    expect([xhr.method, xhr.url]).toEqual(["POST", IMPORT_URL]);
    expect(xhr.headers["Content-Type"]).toBe("application/json");
    expect(xhr.body).toBe(file); // the file itself is the body
    expect(bar().getAttribute("aria-valuenow")).toBe("0");
    expect(bar().getAttribute("data-step")).toBe("uploading");
    expect(screen.getByTestId("chatgpt-import-cancel").textContent).toBe("Cancel");
    expect(screen.queryByTestId("chatgpt-import-start")).toBeNull();

    xhr.sending(MIB);
    expect(bar().getAttribute("aria-valuenow")).toBe("50");
    expect(status()).toBe("Uploading 1.0 MB of 2.0 MB");
    expect(bar().getAttribute("aria-valuetext")).toBe("Uploading 1.0 MB of 2.0 MB");
    xhr.uploaded();
    expect(bar().getAttribute("data-step")).toBe("reading");
    expect(status()).toBe("Uploaded. Reading your conversations…");

    xhr.stream({ type: "start", total: 4 });
    expect(bar().getAttribute("data-step")).toBe("writing");
    expect(bar().getAttribute("aria-valuenow")).toBe("0");
    expect(status()).toBe("0 of 4 conversations");
    // a line arriving in two pieces is read once whole; lines of another shape are passed over
    xhr.answer(200, '{"type":"progress","do');
    expect(status()).toBe("0 of 4 conversations");
    xhr.answer(200, 'ne":3,"total":4}\n');
    expect(bar().getAttribute("aria-valuenow")).toBe("75");
    expect(status()).toBe("3 of 4 conversations");
    xhr.stream({ type: "note", text: "newer worker" }, "not json", { type: "progress", done: "x" });
    expect(status()).toBe("3 of 4 conversations");
    expect(screen.queryByTestId("chatgpt-import-summary")).toBeNull();
    expect(historyInvalidated()).toBe(false);

    xhr.stream(
      { type: "progress", done: 4, total: 4 },
      {
        type: "summary",
        imported: 2,
        skipped: [
          { title: "Only a system prompt", reason: "no_messages" },
          { title: "Broken entry", reason: "not_a_conversation" },
        ],
      },
    );
    xhr.end();
    const summary = await screen.findByTestId("chatgpt-import-summary");
    expect(screen.getByTestId("chatgpt-import-imported").textContent).toBe("2 chats imported");
    expect(summary.textContent).toContain("2 skipped:");
    const skipped = within(screen.getByTestId("chatgpt-import-skipped")).getAllByRole("listitem");
    expect(skipped.map((li) => li.textContent)).toEqual([
      "Broken entry — not a conversation",
      "Only a system prompt — nothing to show",
    ]);
    // the bar stays, full, beside the summary
    expect(bar().getAttribute("aria-valuenow")).toBe("100");
    expect(status()).toBe("4 of 4 conversations");
    expect(screen.getByTestId("chatgpt-import-start")).toBeTruthy();
    expect(toastMessages()).toEqual([]);
    await waitFor(() => expect(historyInvalidated()).toBe(true));

    fireEvent.click(within(summary).getByText("See your chats"));
    await screen.findByTestId("home");
    expect(router.state.location.pathname).toBe("/");
  });

  it("names every reason in words, failures first and the already imported last, and counts a long tail", async () => {
    renderSection();
    await screen.findByTestId("chatgpt-import");
    choose(exportFile("chatgpt-export.zip", 4096, ""));
    const xhr = await startImport();
    // a zip is sent as one, whatever type the system gave the file
    expect(xhr.headers["Content-Type"]).toBe("application/zip");
    const already = Array.from({ length: SKIPPED_SHOWN + 5 }, (_, i) => ({
      title: `Old chat ${i + 1}`,
      reason: "already_imported",
    }));
    xhr.stream(
      { type: "start", total: already.length + 4 },
      {
        type: "summary",
        imported: 0,
        skipped: [
          { title: "Du lịch Đà Nẵng", reason: "already_imported" },
          { title: "", reason: "no_messages" },
          { title: "Cat photo", reason: "failed" },
          { title: "Mystery", reason: "some_new_reason" },
          ...already.slice(1),
        ],
      },
    );
    xhr.end();
    await screen.findByTestId("chatgpt-import-summary");
    expect(screen.getByTestId("chatgpt-import-summary").getAttribute("data-imported")).toBe("0");
    expect(screen.getByTestId("chatgpt-import-imported").textContent).toBe("0 chats imported");
    expect(screen.getByTestId("chatgpt-import-summary").textContent).toContain(`${already.length + 3} skipped:`);
    const items = within(screen.getByTestId("chatgpt-import-skipped"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    // the few that matter first, the already imported after them
    expect(items.slice(0, 5)).toEqual([
      "Cat photo — could not be saved",
      "Mystery — skipped",
      "Untitled — nothing to show",
      "Du lịch Đà Nẵng — already imported",
      "Old chat 2 — already imported",
    ]);
    expect(items).toHaveLength(SKIPPED_SHOWN + 1);
    expect(items.at(-1)).toBe("…and 8 more");
  });

  it("says in a toast why the worker refused the file, and lets the user try another", async () => {
    const { historyInvalidated } = renderSection();
    await screen.findByTestId("chatgpt-import");
    choose(exportFile("notes.json"));
    const refused = await startImport();
    refused.answer(
      400,
      JSON.stringify({
        status: "error",
        code: "invalid_input",
        message: "conversations.json should hold a list of conversations",
        field: "file",
      }),
    );
    refused.end();
    await waitFor(() =>
      expect(toastMessages()).toEqual([
        "error: This file is not a ChatGPT export. Upload the zip ChatGPT sent you, or the conversations.json inside it.",
      ]),
    );
    expect(screen.queryByTestId("chatgpt-import-progress")).toBeNull();
    expect(screen.queryByTestId("chatgpt-import-summary")).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>("chatgpt-import-start").disabled).toBe(false);
    await waitFor(() => expect(historyInvalidated()).toBe(true));

    // another failure without a sentence of its own: the app's text for its code
    getDefaultStore().set(toastsAtom, []);
    const failed = await startImport();
    failed.answer(500, JSON.stringify({ status: "error", code: "internal_error", message: "x" }));
    failed.end();
    await waitFor(() => expect(toastMessages()).toHaveLength(1));
    expect(toastMessages()[0]).toMatch(/^error: /);
    expect(toastMessages()[0]).not.toContain("internal_error");
  });

  it("aborts the request on Cancel, says what stays, and fetches the history again", async () => {
    const { historyInvalidated } = renderSection();
    await screen.findByTestId("chatgpt-import");
    choose(exportFile());
    const xhr = await startImport();
    xhr.uploaded();
    xhr.stream({ type: "start", total: 40 }, { type: "progress", done: 12, total: 40 });
    expect(status()).toBe("12 of 40 conversations");

    fireEvent.click(screen.getByTestId("chatgpt-import-cancel"));
    expect(xhr.aborted).toBe(true);
    await screen.findByTestId("chatgpt-import-start");
    expect(screen.queryByTestId("chatgpt-import-progress")).toBeNull();
    expect(screen.queryByTestId("chatgpt-import-summary")).toBeNull();
    expect(toastMessages()).toEqual([
      "info: Import cancelled. The chats already imported stay; importing the file again adds the rest.",
    ]);
    await waitFor(() => expect(historyInvalidated()).toBe(true));
  });

  it("says what stays when the answer breaks off before its summary", async () => {
    renderSection();
    await screen.findByTestId("chatgpt-import");
    choose(exportFile());
    const xhr = await startImport();
    xhr.stream({ type: "start", total: 3 }, { type: "progress", done: 1, total: 3 });
    xhr.breakOff();
    await waitFor(() =>
      expect(toastMessages()).toEqual([
        "error: The import broke off. The chats already imported stay; import the file again to add the rest.",
      ]),
    );
  });

  it("refuses a file over 20 MB before sending anything", async () => {
    renderSection();
    await screen.findByTestId("chatgpt-import");
    const big = exportFile("chatgpt-export.zip", 1, "application/zip");
    Object.defineProperty(big, "size", { value: 21 * MIB }); // no need to hold 21 MB for this
    choose(big);
    const refusal = screen.getByTestId("chatgpt-import-too-large");
    expect(refusal.getAttribute("role")).toBe("alert");
    expect(refusal.textContent).toBe(
      "This file is 21.0 MB, over the 20 MB an import takes. Put only conversations.json in a zip of its own and upload that: it is much smaller.",
    );
    const start = screen.getByTestId<HTMLButtonElement>("chatgpt-import-start");
    expect(start.disabled).toBe(true);
    fireEvent.click(start);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeXhr.sent).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();

    // a file of exactly the limit is taken
    const fits = exportFile("conversations.json", 1);
    Object.defineProperty(fits, "size", { value: MAX_IMPORT_BYTES });
    choose(fits);
    expect(screen.queryByTestId("chatgpt-import-too-large")).toBeNull();
    await startImport();
  });
});

describe("the import's wire", () => {
  it("reads the worker's lines and skips any other", () => {
    expect(parseImportLine('{"type":"start","total":4}')).toEqual({ type: "start", total: 4 });
    expect(parseImportLine('{"type":"progress","done":1,"total":4}')).toEqual({ type: "progress", done: 1, total: 4 });
    expect(
      parseImportLine('{"type":"summary","imported":1,"skipped":[{"title":"A","reason":"something_new"}]}'),
    ).toEqual({ type: "summary", imported: 1, skipped: [{ title: "A", reason: "other" }] });
    expect(parseImportLine("")).toBeNull();
    expect(parseImportLine("{")).toBeNull();
    expect(parseImportLine('{"type":"start"}')).toBeNull();
    expect(parseImportLine('{"type":"heartbeat"}')).toBeNull();
  });

  it("sends a zip as application/zip, whatever its system called it, and anything else as conversations.json", () => {
    expect(importContentType({ name: "export.zip", type: "" })).toBe("application/zip");
    expect(importContentType({ name: "export", type: "application/x-zip-compressed" })).toBe("application/zip");
    expect(importContentType({ name: "conversations.json", type: "application/json" })).toBe("application/json");
    expect(importContentType({ name: "conversations.json", type: "" })).toBe("application/json");
  });
});
