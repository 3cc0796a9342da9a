// The cloud drive picker in jsdom, with the worker answered by a stub fetch: a connected drive lists its files, a
// search asks the worker with the name, "Show more" fetches the next page, and a click reads the file and hands it
// to the attachments like a file from the computer; a drive not connected yet sends the user to Settings.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { Provider, createStore } from "jotai";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { drivePickerAtom } from "../../web/src/features/attachments/signed-in/attachments.atoms";
import { DrivePicker } from "../../web/src/features/attachments/drive-picker";
import { loadMediaTexts } from "../../web/src/features/images/media-i18n";
import { initI18n } from "../../web/src/lib/i18n";

const added: File[][] = [];
vi.mock("../../web/src/features/attachments/add-files", () => ({
  addFiles: async (files: File[]) => void added.push(files),
}));

type Handler = (url: URL) => Response;
let routes: Record<string, Handler>;
const requested: string[] = [];
const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: "success", data }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
const apps = (connected: string[]) =>
  ok({
    apps: ["google-drive", "gmail", "google-calendar", "onedrive", "microsoft-365"].map((app) => ({
      app,
      name: app,
      kind: "drive",
      available: true,
      connected: connected.includes(app),
      connected_at: null,
    })),
  });
const file = (id: string, name: string, size: number | null = 10) => ({
  id,
  name,
  mime_type: "text/plain",
  size,
  modified_at: "2025-07-10T08:00:00Z",
});

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await loadMediaTexts();
});
beforeEach(() => {
  added.length = 0;
  requested.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://may.test");
      requested.push(url.pathname + url.search);
      const handler = routes[url.pathname];
      return handler
        ? handler(url)
        : new Response(JSON.stringify({ status: "error", code: "not_found", message: url.pathname }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker(source: "googleDrive" | "oneDrive") {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createStore();
  store.set(drivePickerAtom, source);
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={qc}>
        <Provider store={store}>
          <DrivePicker />
        </Provider>
      </QueryClientProvider>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/c/1"] }) });
  render(<RouterProvider router={router} />);
  return { store, router };
}

describe("DrivePicker", () => {
  it("lists the connected drive's files, searches by name, pages, and attaches the picked file", async () => {
    routes = {
      "/auth/connected-apps": () => apps(["microsoft-365"]),
      "/auth/connected-apps/microsoft-365/files": (url) => {
        const q = url.searchParams.get("q");
        if (q) return ok({ files: [file("f-budget", "Budget 2025.csv")], next_cursor: null });
        return url.searchParams.get("cursor") === "2"
          ? ok({ files: [file("f-old", "Old report.txt")], next_cursor: null })
          : ok({
              files: [file("f-notes", "Meeting notes.txt", 40), file("f-doc", "Trip plan.txt", null)],
              next_cursor: "2",
            });
      },
      "/auth/connected-apps/microsoft-365/files/f-budget/content": () =>
        new Response("item,amount\n", { status: 200, headers: { "Content-Type": "text/csv" } }),
    };
    const { store } = renderPicker("oneDrive");
    expect(await screen.findByRole("dialog", { name: "Choose a file from OneDrive" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("drive-file")).toHaveLength(2));
    expect(screen.getAllByTestId("drive-file")[0]!.textContent).toContain("40 B");

    fireEvent.click(screen.getByTestId("drive-more"));
    await waitFor(() => expect(screen.getAllByTestId("drive-file")).toHaveLength(3));
    expect(requested).toContain("/auth/connected-apps/microsoft-365/files?q=&cursor=2");

    fireEvent.change(screen.getByTestId("drive-search"), { target: { value: "budget" } });
    await waitFor(() => expect(screen.getAllByTestId("drive-file").map((b) => b.dataset.fileId)).toEqual(["f-budget"]));
    fireEvent.click(screen.getByTestId("drive-file"));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]![0]!.name).toBe("Budget 2025.csv");
    expect(added[0]![0]!.type).toBe("text/csv");
    expect(await added[0]![0]!.text()).toBe("item,amount\n");
    expect(store.get(drivePickerAtom)).toBeNull();
  });

  it("shows the worker's error when the drive refuses, and keeps the dialog open", async () => {
    routes = {
      "/auth/connected-apps": () => apps(["google-drive"]),
      "/auth/connected-apps/google-drive/files": () =>
        new Response(JSON.stringify({ status: "error", code: "app_not_connected", message: "Connect it again" }), {
          status: 409,
        }),
    };
    renderPicker("googleDrive");
    expect((await screen.findByTestId("drive-error")).textContent).toBe(
      "Connect this app in Settings › Connected apps first.",
    );
  });

  it("sends the user to Settings › Connected apps when the drive is not connected", async () => {
    routes = { "/auth/connected-apps": () => apps([]) };
    const { store, router } = renderPicker("googleDrive");
    expect((await screen.findByTestId("drive-not-connected")).textContent).toContain(
      "Connect Google Drive in Settings › Connected apps",
    );
    fireEvent.click(screen.getByTestId("drive-connect"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(router.state.location.search).toMatchObject({ tab: "apps" });
    expect(store.get(drivePickerAtom)).toBeNull();
  });
});
