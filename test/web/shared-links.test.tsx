// Sharing a chat by link, in jsdom against a scripted API: the share dialog creates a link, copies it and revokes it;
// Settings lists the links and revokes one after a confirmation; the continue page copies a shared chat into the
// account only on its button and opens the copy, or says a revoked link is gone; a guest sent to sign in from a
// continue link comes back to it after signing in, once.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  isRedirect,
  useParams,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { takeReturnPath } from "../../web/src/features/auth/return-path";
import { LoginForm } from "../../web/src/features/auth/login-form";
import { loadAuthTexts } from "../../web/src/features/auth/auth-texts";
import { chatKeys } from "../../web/src/features/chat/chat.queries";
import { SharedLinksSection } from "../../web/src/features/settings/shared-links-section";
import { ContinueSharePage } from "../../web/src/features/shares/continue-page";
import { openShareDialog } from "../../web/src/features/shares/on-demand/open-share-dialog";
import { ShareDialog } from "../../web/src/features/shares/on-demand/share-dialog";
import { loadShareTexts } from "../../web/src/features/shares/share-texts";
import { shareKeys } from "../../web/src/features/shares/shares.queries";
import { toastsAtom } from "../../web/src/features/toast/toast.atoms";
import { ConfirmHost } from "../../web/src/features/ui/confirm-host";
import { Route as AppRoute } from "../../web/src/routes/_app";
import { initI18n, setLanguage } from "../../web/src/lib/i18n";
import { notFound, ok, type ScriptedCall, type ScriptedRoute, stubScriptedFetch } from "../support/scripted-fetch";

const SHARE_ID = "AbCdEfGhIjKlMnOpQrSt_-";
const OTHER_ID = "ZyXwVuTsRqPoNmLkJiHg12";

const link = (id: string, title: string, message_count: number) => ({
  id,
  path: `/s/${id}`,
  chat_id: `chat-${id.slice(0, 4)}`,
  title,
  message_count,
  created_at: "2026-11-20T08:30:00.000Z",
});

let routes: Record<string, ScriptedRoute>;
let calls: ScriptedCall[];

beforeAll(async () => {
  await initI18n();
  await setLanguage("en");
  await Promise.all([loadShareTexts(), loadAuthTexts()]);
});
beforeEach(() => {
  calls = [];
  routes = {};
  sessionStorage.clear();
  localStorage.clear();
  getDefaultStore().set(toastsAtom, []);
  stubScriptedFetch(() => routes, calls);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "clipboard");
});

const toastMessages = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => `${t.type}: ${t.message}`);
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The clipboard as the browser lends it: writeText resolves, or refuses when `refuse` is set. */
function stubClipboard(refuse = false) {
  const writeText = vi.fn(async (_text: string) => {
    if (refuse) throw new DOMException("Write permission denied.", "NotAllowedError");
  });
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  return writeText;
}

describe("the share dialog", () => {
  it("creates a link only on 'Create link', then copies it and stops sharing it", async () => {
    routes = {
      "POST /shares": () => ok(link(SHARE_ID, "Trip to Đà Lạt", 4), 201),
      [`DELETE /shares/${SHARE_ID}`]: () => ok({ id: SHARE_ID }),
    };
    const writeText = stubClipboard();
    const qc = newClient();
    qc.setQueryData(shareKeys.list(), []);
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={qc}>
        <ShareDialog chatId="chat-7" onClose={onClose} />
      </QueryClientProvider>,
    );

    const dialog = await screen.findByTestId("share-dialog");
    expect(dialog.textContent).toContain(
      "Anyone with the link can read this chat as it is now. Messages you add later are not shared. Your name and email are not shown.",
    );
    expect(calls).toEqual([]); // nothing is shared by opening the dialog
    expect(screen.getByTestId("share-cancel").textContent).toBe("Cancel");
    expect(screen.queryByTestId("share-url")).toBeNull();

    fireEvent.click(screen.getByTestId("share-create"));
    const url = (await screen.findByTestId("share-url")) as HTMLInputElement;
    expect(url.value).toBe(`${location.origin}/s/${SHARE_ID}`);
    expect(url.readOnly).toBe(true);
    expect(calls).toEqual([{ key: "POST /shares", body: { chat_id: "chat-7" } }]);
    expect(screen.getByTestId("share-open").getAttribute("href")).toBe(url.value);
    expect(screen.getByTestId("share-open").getAttribute("target")).toBe("_blank");
    // Settings' list is out of date now
    expect(qc.getQueryState(shareKeys.list())?.isInvalidated).toBe(true);

    fireEvent.click(screen.getByTestId("share-copy"));
    await waitFor(() => expect(screen.getByTestId("share-copy").textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith(url.value);

    qc.setQueryData(shareKeys.list(), []);
    fireEvent.click(screen.getByTestId("share-revoke"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)?.key).toBe(`DELETE /shares/${SHARE_ID}`);
    expect(toastMessages()).toEqual(["success: The link no longer works"]);
    expect(qc.getQueryState(shareKeys.list())?.isInvalidated).toBe(true);
  });

  it("says why a link could not be made, and selects the link for copying by hand when the clipboard refuses", async () => {
    let allowed = false;
    routes = { "POST /shares": () => (allowed ? ok(link(SHARE_ID, "Notes", 2), 201) : notFound) };
    stubClipboard(true);
    render(
      <QueryClientProvider client={newClient()}>
        <ShareDialog chatId="chat-gone" onClose={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId("share-create"));
    expect((await screen.findByTestId("share-error")).textContent).toBeTruthy();
    expect(screen.queryByTestId("share-url")).toBeNull();

    allowed = true;
    fireEvent.click(screen.getByTestId("share-create"));
    const url = (await screen.findByTestId("share-url")) as HTMLInputElement;
    expect(screen.queryByTestId("share-error")).toBeNull();
    fireEvent.click(screen.getByTestId("share-copy"));
    await waitFor(() => expect(toastMessages()).toEqual(["error: The link could not be copied."]));
    expect(screen.getByTestId("share-copy").textContent).toBe("Copy link");
    expect(url.selectionStart).toBe(0);
    expect(url.selectionEnd).toBe(url.value.length);
  });

  it("opens from a menu in a root of its own, fresh each time, and closes on 'Cancel'", async () => {
    routes = { "POST /shares": () => ok(link(SHARE_ID, "Trip", 4), 201) };
    openShareDialog("chat-1");
    fireEvent.click(await screen.findByTestId("share-create"));
    await screen.findByTestId("share-url");

    // opened again (another chat, or the same one later): no link left over from the last time
    openShareDialog("chat-2");
    await waitFor(() => expect(screen.queryByTestId("share-url")).toBeNull());
    expect(screen.getByTestId("share-create")).toBeTruthy();
    fireEvent.click(screen.getByTestId("share-cancel"));
    await waitFor(() => expect(screen.queryByTestId("share-dialog")).toBeNull());
  });
});

describe("Settings' shared links", () => {
  function renderSection() {
    return render(
      <QueryClientProvider client={newClient()}>
        <SharedLinksSection />
        <ConfirmHost />
      </QueryClientProvider>,
    );
  }

  it("lists each link with its title, date and message count, copies one, and revokes one after confirming", async () => {
    let shares = [link(SHARE_ID, "Trip to Đà Lạt", 1), link(OTHER_ID, "", 12)];
    routes = {
      "GET /shares": () => ok({ shares }),
      [`DELETE /shares/${SHARE_ID}`]: () => {
        shares = shares.filter((s) => s.id !== SHARE_ID);
        return ok({ id: SHARE_ID });
      },
    };
    const writeText = stubClipboard();
    renderSection();
    const section = await screen.findByTestId("shared-links");
    expect(within(section).getByRole("heading").textContent).toBe("Shared links");
    await waitFor(() => expect(screen.getAllByTestId("shared-link-row")).toHaveLength(2));
    const [first, second] = screen.getAllByTestId("shared-link-row");
    const title = within(first!).getByRole("link");
    expect(title.textContent).toBe("Trip to Đà Lạt");
    expect(title.getAttribute("href")).toBe(`${location.origin}/s/${SHARE_ID}`);
    expect(title.getAttribute("target")).toBe("_blank");
    expect(first!.textContent).toContain("1 message");
    expect(first!.textContent).toContain(new Date("2026-11-20T08:30:00.000Z").getFullYear().toString());
    expect(second!.textContent).toContain("Untitled chat");
    expect(second!.textContent).toContain("12 messages");

    fireEvent.click(screen.getByTestId(`share-copy-${OTHER_ID}`));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/s/${OTHER_ID}`));

    // cancelled: nothing happens
    fireEvent.click(screen.getByTestId(`share-revoke-${SHARE_ID}`));
    const question = await screen.findByTestId("confirm-dialog");
    expect(question.textContent).toContain("Revoke this link?");
    expect(question.textContent).toContain("“Trip to Đà Lạt”");
    expect(screen.getByTestId("confirm-cancel").textContent).toBe("Cancel");
    fireEvent.click(screen.getByTestId("confirm-cancel"));
    await waitFor(() => expect(screen.queryByTestId("confirm-ok")).toBeNull());
    expect(calls.some((c) => c.key.startsWith("DELETE"))).toBe(false);

    fireEvent.click(screen.getByTestId(`share-revoke-${SHARE_ID}`));
    fireEvent.click(await screen.findByTestId("confirm-ok"));
    await waitFor(() => expect(screen.getAllByTestId("shared-link-row")).toHaveLength(1));
    expect(calls.filter((c) => c.key.startsWith("DELETE")).map((c) => c.key)).toEqual([`DELETE /shares/${SHARE_ID}`]);
    expect(screen.getByTestId("shared-link-row").textContent).toContain("Untitled chat");
    expect(toastMessages()).toEqual(["success: Link revoked"]);
  });

  it("says so when nothing is shared", async () => {
    routes = { "GET /shares": () => ok({ shares: [] }) };
    renderSection();
    expect((await screen.findByTestId("shared-links-empty")).textContent).toBe("You have not shared any chat yet.");
  });
});

/** The app's routes that matter here, on a memory history starting at `path`. */
function renderRoutes(path: string, screens: Record<string, () => ReactNode>, qc = newClient()) {
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={qc}>
        <Outlet />
      </QueryClientProvider>
    ),
  });
  const children = Object.entries(screens).map(([p, component]) =>
    createRoute({ getParentRoute: () => root, path: p, component }),
  );
  const router = createRouter({
    routeTree: root.addChildren(children),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe("the continue page", () => {
  const continueScreens = {
    "/continue/$shareId": function Continue() {
      const { shareId = "" } = useParams({ strict: false });
      return <ContinueSharePage shareId={shareId} />;
    },
    "/c/$chatId": () => <p data-testid="chat-screen">a chat</p>,
    "/": () => <p data-testid="home">home</p>,
  };

  it("copies the shared chat only on 'Continue', then opens the copy and refreshes the history", async () => {
    routes = { [`POST /shares/${SHARE_ID}/continue`]: () => ok({ chat_id: "copy-1", title: "Trip" }, 201) };
    const qc = newClient();
    qc.setQueryData(chatKeys.list(), { pages: [], pageParams: [] });
    const router = renderRoutes(`/continue/${SHARE_ID}`, continueScreens, qc);
    const page = await screen.findByTestId("continue-page");
    expect(page.textContent).toContain("Continue this shared chat in your account");
    expect(calls).toEqual([]); // opening the link adds nothing to the account

    fireEvent.click(screen.getByTestId("continue-share"));
    await screen.findByTestId("chat-screen");
    expect(router.state.location.pathname).toBe("/c/copy-1");
    expect(calls.map((c) => c.key)).toEqual([`POST /shares/${SHARE_ID}/continue`]);
    expect(qc.getQueryState(chatKeys.list())?.isInvalidated).toBe(true);
  });

  it("says a revoked link is gone, and leads home", async () => {
    routes = {}; // 404 for anything
    renderRoutes(`/continue/${SHARE_ID}`, continueScreens);
    fireEvent.click(await screen.findByTestId("continue-share"));
    expect((await screen.findByTestId("continue-not-found")).textContent).toBe(
      "This link was revoked or does not exist.",
    );
    expect(screen.queryByTestId("continue-share")).toBeNull();
    fireEvent.click(screen.getByTestId("continue-home"));
    await screen.findByTestId("home");
  });

  it("does not ask the server about an address that cannot be a shared link", async () => {
    renderRoutes("/continue/not-a-share", continueScreens);
    await screen.findByTestId("continue-not-found");
    expect(screen.queryByTestId("continue-share")).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe("coming back to a continue link after signing in", () => {
  /** The signed-in area's guard for a guest at `pathname`: where it sends them. */
  function guard(pathname: string): string | undefined {
    try {
      const beforeLoad = AppRoute.options.beforeLoad as unknown as (opts: object) => void;
      beforeLoad({ context: { queryClient: async () => newClient() }, location: { pathname } });
    } catch (err) {
      if (isRedirect(err)) return err.options.to;
      throw err;
    }
    return undefined;
  }

  it("remembers the continue link the guard turned a guest away from, for one sign-in only", () => {
    expect(guard(`/continue/${SHARE_ID}`)).toBe("/login");
    expect(takeReturnPath()).toBe(`/continue/${SHARE_ID}`);
    expect(takeReturnPath()).toBeNull();
  });

  it("takes no other address back", () => {
    expect(guard("/settings")).toBe("/login");
    expect(takeReturnPath()).toBeNull();
    sessionStorage.setItem("return_to", "//elsewhere.example/continue/x");
    expect(takeReturnPath()).toBeNull();
  });

  it("signs in and lands on the remembered continue page instead of '/'", async () => {
    routes = {
      "POST /auth/login": () => ok({ user: { id: "u1", name: "Lan", email: "lan@example.vn" } }),
    };
    guard(`/continue/${SHARE_ID}`);
    const router = renderRoutes("/login", {
      "/login": () => <LoginForm onForgot={() => {}} />,
      "/continue/$shareId": () => <p data-testid="continue-screen">continue</p>,
      "/": () => <p data-testid="home">home</p>,
    });
    fireEvent.change(await screen.findByTestId("field-email"), { target: { value: "lan@example.vn" } });
    fireEvent.change(screen.getByTestId("field-password"), { target: { value: "password123" } });
    fireEvent.click(screen.getByTestId("login-submit"));
    await screen.findByTestId("continue-screen");
    expect(router.state.location.pathname).toBe(`/continue/${SHARE_ID}`);
    expect(sessionStorage.getItem("return_to")).toBeNull();
  });
});
