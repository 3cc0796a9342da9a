// /link-account in jsdom: with the router state a pending Google sign-in leaves, it names the account and asks its
// password; the link call carries what the worker verified (provider, providerId, email, linkingToken) with the
// password; a wrong password is said so, and a success stores the new session. Without state it sends to sign in.
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LinkAccountState } from "../../web/src/features/auth/link-state";
import { AccountsTexts, loadAccountsTexts } from "../../web/src/features/settings/accounts-texts";
import { LinkAccountPage } from "../../web/src/features/settings/link-account-page";
import { initI18n } from "../../web/src/lib/i18n";

const pending: LinkAccountState = {
  email: "lan@example.vn",
  providerId: "10987",
  provider: "google",
  linkingToken: "signed.linking.token",
};
let answer: { status: number; body: unknown };
const calls: { url: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await loadAccountsTexts();
});
beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body ?? "{}")) });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(state?: LinkAccountState) {
  const root = createRootRoute();
  const routeTree = root.addChildren([
    createRoute({
      getParentRoute: () => root,
      path: "/link-account",
      component: () => (
        <AccountsTexts>
          <LinkAccountPage />
        </AccountsTexts>
      ),
    }),
    createRoute({ getParentRoute: () => root, path: "/login", component: () => <p>sign-in page</p> }),
  ]);
  const history = createMemoryHistory({ initialEntries: ["/"] });
  history.push("/link-account", state ? { linkAccount: state } : undefined);
  const router = createRouter({ routeTree, history });
  render(<RouterProvider router={router} />);
  await screen.findByTestId("link-account");
}

describe("LinkAccountPage", () => {
  it("asks the account's password and sends it with the verified identity", async () => {
    answer = {
      status: 200,
      body: {
        status: "success",
        data: { user: { id: "u7", name: "Lan", email: "lan@example.vn" }, token: "jwt", session_token: "f".repeat(64) },
      },
    };
    await open(pending);
    expect(screen.getByTestId("link-account").textContent).toContain(
      "An account with lan@example.vn already exists. Enter its password to link Google",
    );
    fireEvent.click(screen.getByTestId("link-submit"));
    expect(calls).toEqual([]); // the password is required first
    fireEvent.change(screen.getByTestId("field-link-password"), { target: { value: "my-password" } });
    fireEvent.click(screen.getByTestId("link-submit"));
    // signed in as that account: the user is stored, the tokens stay in the worker's HttpOnly cookies
    await waitFor(() => expect(JSON.parse(localStorage.getItem("user") ?? "null")?.id).toBe("u7"));
    expect(localStorage.getItem("session_token")).toBeNull();
    expect(calls[0]!.url).toBe("/auth/link-account");
    expect(calls[0]!.body).toMatchObject({ ...pending, password: "my-password" });
  });

  it("says so when the password is wrong, and signs nobody in", async () => {
    answer = {
      status: 401,
      body: { status: "error", code: "invalid_credentials", message: "Invalid email or password" },
    };
    await open(pending);
    fireEvent.change(screen.getByTestId("field-link-password"), { target: { value: "nope" } });
    fireEvent.click(screen.getByTestId("link-submit"));
    await waitFor(() =>
      expect(screen.getByTestId("link-error").textContent).toBe(i18next.t("invalid_credentials", { ns: "errors" })),
    );
    expect(localStorage.getItem("session_token")).toBeNull();
  });

  it("asks to sign in with the provider again when the link has expired", async () => {
    answer = { status: 401, body: { status: "error", code: "invalid_social_token", message: "expired" } };
    await open(pending);
    fireEvent.change(screen.getByTestId("field-link-password"), { target: { value: "pw" } });
    fireEvent.click(screen.getByTestId("link-submit"));
    await waitFor(() =>
      expect(screen.getByTestId("link-error").textContent).toBe("This link has expired. Sign in with Google again."),
    );
  });

  it("without a pending sign-in, says there is nothing to link", async () => {
    await open();
    expect(screen.getByTestId("link-missing")).toBeTruthy();
  });
});
