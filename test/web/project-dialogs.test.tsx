// A project's files from a connected drive, in jsdom with the worker answered by a stub fetch: on a paid plan the
// project dialog offers the drives the input's + menu offers, the drive picker lists the drive's files and the picked
// one goes through the project's own upload into its files; a free plan is offered the computer only.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { Provider, createStore } from "jotai";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadMediaTexts } from "../../web/src/features/images/media-i18n";
import { modelKeys } from "../../web/src/features/models/models.queries";
import { ProjectDialogs } from "../../web/src/features/projects/on-demand/project-dialogs";
import { loadProjectTexts } from "../../web/src/features/projects/on-demand/project-texts";
import { initI18n } from "../../web/src/lib/i18n";

const uploaded: File[] = [];
vi.mock("../../web/src/features/attachments/upload", () => ({
  uploadFiles: async (files: File[]) => {
    uploaded.push(...files);
    return files.map((f) => ({
      id: `u-${f.name}`,
      name: f.name,
      type: f.type,
      group: "text",
      size: f.size,
      url: "/u",
    }));
  },
}));

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: "success", data }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await Promise.all([loadMediaTexts(), loadProjectTexts()]);
});
beforeEach(() => {
  uploaded.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), "http://may.test");
      if (pathname === "/auth/connected-apps")
        return ok({
          apps: [
            { app: "google-drive", name: "Google Drive", kind: "drive", available: true, connected: true },
            { app: "onedrive", name: "OneDrive", kind: "drive", available: true, connected: false },
          ].map((a) => ({ ...a, connected_at: null })),
        });
      if (pathname === "/auth/connected-apps/google-drive/files")
        return ok({
          files: [{ id: "f-menu", name: "Menu.txt", mime_type: "text/plain", size: 12, modified_at: null }],
          next_cursor: null,
        });
      if (pathname === "/auth/connected-apps/google-drive/files/f-menu/content")
        return new Response("Pho, bun cha", { status: 200, headers: { "Content-Type": "text/plain" } });
      return new Response(JSON.stringify({ status: "error", code: "not_found", message: pathname }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderNewProject(plan: "free" | "basic") {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  // the models answer's plan is all the dialog reads of it
  qc.setQueryData(modelKeys.all, { plan } as never);
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={qc}>
        <Provider store={createStore()}>
          <ProjectDialogs
            dialog={{ kind: "create" }}
            limit={20}
            onDialog={() => {}}
            onClose={() => {}}
            onNavigate={() => {}}
          />
        </Provider>
      </QueryClientProvider>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  render(<RouterProvider router={router} />);
}

describe("a project's files from a connected drive", () => {
  it("on a paid plan, picks a drive's file into the project's files through the project's upload", async () => {
    renderNewProject("basic");
    fireEvent.click(await screen.findByTestId("project-drive-googleDrive"));
    expect(await screen.findByRole("dialog", { name: "Choose a file from Google Drive" })).toBeTruthy();
    fireEvent.click(await screen.findByTestId("drive-file"));
    await waitFor(() => expect(screen.getAllByTestId("project-file").map((li) => li.textContent)).toHaveLength(1));
    expect(screen.getByTestId("project-file").textContent).toContain("Menu.txt");
    expect(uploaded.map((f) => f.name)).toEqual(["Menu.txt"]);
    expect(await uploaded[0]!.text()).toBe("Pho, bun cha");
    expect(screen.queryByTestId("drive-picker")).toBeNull();
  });

  it("on the free plan, offers the computer only", async () => {
    renderNewProject("free");
    await screen.findByTestId("project-add-files");
    expect(screen.queryByTestId("project-drive-googleDrive")).toBeNull();
    expect(screen.queryByTestId("project-drive-oneDrive")).toBeNull();
  });
});
