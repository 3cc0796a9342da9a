// Settings > Security's "Your data" and "Delete account" in jsdom against a scripted API: the download counts what is
// coming, shows the bytes received against the estimate (never 100% before the end) and saves the zip under the
// worker's name; Cancel aborts the request; the delete dialog's red button waits for the typed confirmation word, a
// wrong password is said under its field, and a deletion forgets the user (storage, server state) and lands on '/'
// with a notice, holding back the socket's own "account deleted" popup; an account without a password confirms with
// a linked Google sign-in instead.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DataExportSection } from "../../web/src/features/account-data/data-export-section";
import { exportFileName } from "../../web/src/features/account-data/data-export.api";
import { confirmsDeletion } from "../../web/src/features/account-data/delete-account-dialog";
import { DeleteAccountSection } from "../../web/src/features/account-data/delete-account-section";
import { forcedLogoutAtom } from "../../web/src/features/socket/forced-logout.atoms";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";
import { ok, type ScriptedCall, type ScriptedRoute, stubScriptedFetch } from "../support/scripted-fetch";

const { credential } = vi.hoisted(() => ({
  credential: vi.fn(async (_provider: string, _id: string) => "google-token"),
}));
// the provider's script is not loaded in jsdom: the credential the Google prompt would give
vi.mock("../../web/src/features/auth/social-sign-in", () => ({ providerCredential: credential }));

let routes: Record<string, ScriptedRoute>;
let calls: ScriptedCall[];

beforeAll(async () => {
  await initI18n();
  await setLanguage("en");
});
beforeEach(() => {
  calls = [];
  routes = {};
  localStorage.clear();
  getDefaultStore().set(toastsAtom, []);
  getDefaultStore().set(forcedLogoutAtom, null);
  credential.mockClear();
  stubScriptedFetch(() => routes, calls);
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
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** A zip answer whose bytes the test sends piece by piece; aborting the request errors it, as fetch does. */
function streamedZip(signal: AbortSignal | undefined) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  signal?.addEventListener("abort", () => controller.error(signal.reason));
  const response = new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": 'attachment; filename="may-data-2026-11-26.zip"',
    },
  });
  return {
    response,
    send: (bytes: number) => controller.enqueue(new Uint8Array(bytes).fill(7)),
    end: () => controller.close(),
    fail: (err: Error) => controller.error(err),
  };
}

/** The browser's download: the Blob behind the object URL and the `<a download>` clicked for it. */
function catchSaves() {
  const saved: { name: string; size: number; type: string }[] = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs: these name each Blob, so the test can read what was saved
  class TestURL extends URL {
    static override createObjectURL(blob: Blob) {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }
    static override revokeObjectURL() {}
  }
  vi.stubGlobal("URL", TestURL);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute("href") ?? "");
    saved.push({ name: this.download, size: blob?.size ?? -1, type: blob?.type ?? "" });
  });
  return saved;
}

const SUMMARY = { chats: 3, messages: 40, images: 1, files: 2, approximate_bytes: 2_000_000 };

describe("Your data", () => {
  function renderSection() {
    render(
      <QueryClientProvider client={newClient()}>
        <DataExportSection />
      </QueryClientProvider>,
    );
  }

  it("says what the zip holds, shows the bytes received against the estimate, and saves it under the worker's name", async () => {
    let zip: ReturnType<typeof streamedZip> | undefined;
    routes = {
      "GET /auth/data-export/summary": () => ok(SUMMARY),
      "GET /auth/data-export": (_b, signal) => {
        zip = streamedZip(signal);
        return zip.response;
      },
    };
    const saved = catchSaves();
    renderSection();
    const section = await screen.findByTestId("data-export");
    expect(within(section).getByRole("heading").textContent).toBe("Your data");
    expect(section.textContent).toContain("profile, settings, memory, sessions and orders");
    expect(section.textContent).toContain("every version of each message (as Markdown and as JSON)");
    expect(section.textContent).toContain("pictures and attached files");
    expect(calls).toEqual([]); // nothing is fetched until asked

    fireEvent.click(screen.getByTestId("data-export-start"));
    const bar = await screen.findByTestId("data-export-progress");
    expect(calls.map((c) => c.key)).toEqual(["GET /auth/data-export/summary", "GET /auth/data-export"]);
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByTestId("data-export-bytes").textContent).toContain("3 chats · 1 picture · 2 files");
    expect(screen.queryByTestId("data-export-start")).toBeNull();
    expect(screen.getByTestId("data-export-cancel").textContent).toBe("Cancel");

    zip!.send(1_000_000);
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("50"));
    expect((bar as HTMLProgressElement).value).toBe(50);
    expect(screen.getByTestId("data-export-bytes").textContent).toContain("1 MB of about 2 MB");
    expect(bar.getAttribute("aria-valuetext")).toBe("1 MB of about 2 MB");

    // more than the estimate: the bar stops at 99% until the zip is complete
    zip!.send(1_500_000);
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("99"));
    expect(screen.getByTestId("data-export-bytes").textContent).toContain("2.5 MB of about 2 MB");
    expect(saved).toEqual([]);

    zip!.end();
    expect((await screen.findByTestId("data-export-done")).textContent).toBe("Downloaded may-data-2026-11-26.zip");
    expect(saved).toEqual([{ name: "may-data-2026-11-26.zip", size: 2_500_000, type: "application/zip" }]);
    expect(screen.queryByTestId("data-export-progress")).toBeNull();
    expect(screen.getByTestId("data-export-start").textContent).toBe("Download again");
    expect(toastMessages()).toEqual([]);
  });

  it("aborts the download on Cancel and saves nothing", async () => {
    let signal: AbortSignal | undefined;
    let zip: ReturnType<typeof streamedZip> | undefined;
    routes = {
      "GET /auth/data-export/summary": () => ok(SUMMARY),
      "GET /auth/data-export": (_b, s) => {
        signal = s;
        zip = streamedZip(s);
        return zip.response;
      },
    };
    const saved = catchSaves();
    renderSection();
    fireEvent.click(await screen.findByTestId("data-export-start"));
    const bar = await screen.findByTestId("data-export-progress");
    zip!.send(300_000);
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("15"));

    fireEvent.click(screen.getByTestId("data-export-cancel"));
    await screen.findByTestId("data-export-start");
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByTestId("data-export-progress")).toBeNull();
    expect(screen.queryByTestId("data-export-done")).toBeNull();
    expect(saved).toEqual([]);
    expect(toastMessages()).toEqual(["info: Download cancelled"]);
  });

  it("says why when the download cannot start, or breaks off", async () => {
    routes = {
      "GET /auth/data-export/summary": () => ({
        status: 500,
        body: { status: "error", code: "internal_error", message: "x" },
      }),
    };
    renderSection();
    fireEvent.click(await screen.findByTestId("data-export-start"));
    await waitFor(() => expect(toastMessages()).toHaveLength(1));
    expect(toastMessages()[0]).toMatch(/^error: /);
    expect(screen.getByTestId("data-export-start")).toBeTruthy();

    getDefaultStore().set(toastsAtom, []);
    let zip: ReturnType<typeof streamedZip> | undefined;
    routes = {
      "GET /auth/data-export/summary": () => ok(SUMMARY),
      "GET /auth/data-export": (_b, s) => {
        zip = streamedZip(s);
        return zip.response;
      },
    };
    fireEvent.click(screen.getByTestId("data-export-start"));
    await screen.findByTestId("data-export-progress");
    zip!.send(10);
    zip!.fail(new TypeError("network error")); // the connection drops mid-zip
    await waitFor(() => expect(toastMessages()).toEqual(["error: The download broke off. Please try again."]));
    expect(screen.getByTestId("data-export-start")).toBeTruthy();
    expect(screen.queryByTestId("data-export-done")).toBeNull();
  });

  it("takes the file name from Content-Disposition, never a path, else names it by the day", () => {
    expect(exportFileName('attachment; filename="may-data-2026-11-26.zip"')).toBe("may-data-2026-11-26.zip");
    expect(exportFileName("attachment; filename*=UTF-8''d%E1%BB%AF-li%E1%BB%87u.zip")).toBe("dữ-liệu.zip");
    expect(exportFileName('attachment; filename="../../etc/x.zip"')).toBe("x.zip");
    expect(exportFileName(null, new Date("2026-12-01T10:00:00Z"))).toBe("may-data-2026-12-01.zip");
  });
});

/** Settings' delete section on a memory router, with '/' (the landing page for a signed-out visitor) beside it. */
function renderDeleteSection(qc: QueryClient) {
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={qc}>
        <Outlet />
      </QueryClientProvider>
    ),
  });
  const screens: Record<string, () => ReactNode> = {
    "/settings": () => <DeleteAccountSection />,
    "/": () => <p data-testid="home">landing</p>,
  };
  const router = createRouter({
    routeTree: root.addChildren(
      Object.entries(screens).map(([path, component]) => createRoute({ getParentRoute: () => root, path, component })),
    ),
    history: createMemoryHistory({ initialEntries: ["/settings"] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

const signedIn = () => {
  localStorage.setItem("user", JSON.stringify({ id: "u1", name: "Lan", email: "lan@example.vn" }));
  localStorage.setItem("user_id", "u1");
  localStorage.setItem("current_chat_id", "chat-1");
  localStorage.setItem("theme", "dark");
  localStorage.setItem("language", "en");
};

describe("Delete account", () => {
  const withPassword = () => ok({ providers: [], has_password: true });

  it("says what goes and what stays, and enables the red button only once the word is typed and the password given", async () => {
    routes = { "GET /auth/linked-accounts": withPassword };
    renderDeleteSection(newClient());
    const section = await screen.findByTestId("delete-account");
    expect(within(section).getByRole("heading").textContent).toBe("Delete account");
    expect(section.textContent).toContain("permanent and cannot be undone");
    expect(section.textContent).toContain("Every chat, picture, file, shared link, setting and session is deleted.");
    expect(section.textContent).toContain("Payment records are kept for accounting, without your name.");
    expect(section.textContent).toContain("Your other devices are signed out");
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>("delete-account-open").disabled).toBe(false));
    expect(screen.queryByTestId("delete-account-dialog")).toBeNull();

    fireEvent.click(screen.getByTestId("delete-account-open"));
    const dialog = await screen.findByTestId("delete-account-dialog");
    expect(dialog.textContent).toContain("Type DELETE to confirm");
    const submit = screen.getByTestId<HTMLButtonElement>("delete-account-submit");
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("delete-account-password"), { target: { value: "password123" } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("delete-account-confirm"), { target: { value: "DELET" } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("delete-account-confirm"), { target: { value: "delete " } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(screen.getByTestId("delete-account-password"), { target: { value: "" } });
    expect(submit.disabled).toBe(true);
    expect(calls.filter((c) => c.key.startsWith("POST"))).toEqual([]);

    // closed and opened again: it starts empty
    fireEvent.click(within(dialog).getByText("Cancel"));
    await waitFor(() => expect(screen.queryByTestId("delete-account-confirm")).toBeNull());
    fireEvent.click(screen.getByTestId("delete-account-open"));
    expect(screen.getByTestId<HTMLInputElement>("delete-account-confirm").value).toBe("");
  });

  it("says a wrong password under the field, and keeps the user signed in", async () => {
    signedIn();
    routes = {
      "GET /auth/linked-accounts": withPassword,
      "POST /auth/delete-account": () => ({
        status: 400,
        body: { status: "error", code: "incorrect_password", message: "x", field: "password" },
      }),
    };
    const router = renderDeleteSection(newClient());
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>("delete-account-open").disabled).toBe(false));
    fireEvent.click(screen.getByTestId("delete-account-open"));
    fireEvent.change(await screen.findByTestId("delete-account-password"), { target: { value: "wrong-one" } });
    fireEvent.change(screen.getByTestId("delete-account-confirm"), { target: { value: "DELETE" } });
    fireEvent.click(screen.getByTestId("delete-account-submit"));

    const error = await screen.findByTestId("error-delete-account-password");
    expect(error.textContent).toBe("The current password is incorrect.");
    expect(screen.getByTestId("delete-account-password").getAttribute("aria-invalid")).toBe("true");
    expect(calls.at(-1)).toEqual({ key: "POST /auth/delete-account", body: { password: "wrong-one" } });
    expect(router.state.location.pathname).toBe("/settings");
    expect(localStorage.getItem("user_id")).toBe("u1");
    // typing again clears it
    fireEvent.change(screen.getByTestId("delete-account-password"), { target: { value: "password123" } });
    expect(screen.queryByTestId("error-delete-account-password")).toBeNull();
  });

  it("deletes with the password, forgets the user and their server state, and lands on '/' saying so", async () => {
    signedIn();
    const store = getDefaultStore();
    routes = {
      "GET /auth/linked-accounts": withPassword,
      "POST /auth/delete-account": () => {
        // the worker ends every session first: this tab's socket says so before the answer arrives
        store.set(forcedLogoutAtom, { reason: "account_deleted", message: "This account was deleted." });
        return ok({ deleted: true });
      },
    };
    const qc = newClient();
    qc.setQueryData(["chats", "list"], { pages: [], pageParams: [] });
    const router = renderDeleteSection(qc);
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>("delete-account-open").disabled).toBe(false));
    fireEvent.click(screen.getByTestId("delete-account-open"));
    fireEvent.change(await screen.findByTestId("delete-account-password"), { target: { value: "password123" } });
    fireEvent.change(screen.getByTestId("delete-account-confirm"), { target: { value: "DELETE" } });
    fireEvent.click(screen.getByTestId("delete-account-submit"));

    await screen.findByTestId("home");
    expect(router.state.location.pathname).toBe("/");
    expect(calls.at(-1)).toEqual({ key: "POST /auth/delete-account", body: { password: "password123" } });
    expect(toastMessages()).toEqual(["success: Your account was deleted."]);
    // as a logout: the user and their items go, the look and the language stay
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("user_id")).toBeNull();
    expect(localStorage.getItem("current_chat_id")).toBeNull();
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(localStorage.getItem("language")).toBe("en");
    await waitFor(() => expect(qc.getQueryCache().getAll()).toEqual([]));
    // no "you were signed out" popup over the landing page: this tab did it
    expect(store.get(forcedLogoutAtom)).toBeNull();
  });

  it("shows the sign-out after all when the deletion fails once the sessions were ended", async () => {
    signedIn();
    const store = getDefaultStore();
    const pushed = { reason: "account_deleted" as const, message: "This account was deleted." };
    routes = {
      "GET /auth/linked-accounts": withPassword,
      "POST /auth/delete-account": () => {
        store.set(forcedLogoutAtom, pushed);
        return { status: 500, body: { status: "error", code: "internal_error", message: "x" } };
      },
    };
    renderDeleteSection(newClient());
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>("delete-account-open").disabled).toBe(false));
    fireEvent.click(screen.getByTestId("delete-account-open"));
    fireEvent.change(await screen.findByTestId("delete-account-password"), { target: { value: "password123" } });
    fireEvent.change(screen.getByTestId("delete-account-confirm"), { target: { value: "DELETE" } });
    fireEvent.click(screen.getByTestId("delete-account-submit"));
    await screen.findByTestId("delete-account-error");
    expect(store.get(forcedLogoutAtom)).toEqual(pushed);
  });

  it("confirms an account without a password with its linked Google sign-in instead", async () => {
    signedIn();
    routes = {
      "GET /auth/linked-accounts": () =>
        ok({
          providers: [{ provider: "google", providerId: "g-1", email: "lan@gmail.com", linked_at: null }],
          has_password: false,
        }),
      "GET /auth/social-config": () => ok({ google_client_id: "client-1", facebook_app_id: "app-1" }),
      "POST /auth/delete-account": () => ok({ deleted: true }),
    };
    const router = renderDeleteSection(newClient());
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>("delete-account-open").disabled).toBe(false));
    fireEvent.click(screen.getByTestId("delete-account-open"));
    const google = await screen.findByTestId<HTMLButtonElement>("delete-account-confirm-google");
    expect(google.textContent).toBe("Confirm with Google");
    // Facebook is offered by the server but not linked to this account
    expect(screen.queryByTestId("delete-account-confirm-facebook")).toBeNull();
    expect(screen.queryByTestId("delete-account-password")).toBeNull();
    expect(screen.queryByTestId("delete-account-submit")).toBeNull();
    expect(google.disabled).toBe(true);

    fireEvent.change(screen.getByTestId("delete-account-confirm"), { target: { value: "DELETE" } });
    expect(google.disabled).toBe(false);
    fireEvent.click(google);
    await screen.findByTestId("home");
    expect(credential).toHaveBeenCalledWith("google", "client-1");
    expect(calls.at(-1)).toEqual({
      key: "POST /auth/delete-account",
      body: { provider: "google", token: "google-token" },
    });
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("takes the confirmation word of the user's language with or without its accents, or the English one", () => {
    expect(confirmsDeletion("XÓA", "XÓA", "vi")).toBe(true);
    expect(confirmsDeletion("xoá", "XÓA", "vi")).toBe(true);
    expect(confirmsDeletion("xoa", "XÓA", "vi")).toBe(true);
    expect(confirmsDeletion("delete", "XÓA", "vi")).toBe(true);
    expect(confirmsDeletion("удалить", "УДАЛИТЬ", "ru")).toBe(true);
    expect(confirmsDeletion("删除", "删除", "zh")).toBe(true);
    expect(confirmsDeletion("", "DELETE", "en")).toBe(false);
    expect(confirmsDeletion("xo", "XÓA", "vi")).toBe(false);
  });
});
