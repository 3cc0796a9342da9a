// The settings forms' states in jsdom, with the worker answered by a stub fetch: the password change shows its
// rules' texts (all fields, matching, 6 characters, different) before calling the server and signs this device out
// 2 s after success; the change-email dialog goes enter email → code sent (resend locked for 60 s) → wrong code with
// tries left → updated.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAccountsTexts } from "../../web/src/features/settings/accounts-texts";
import { ChangeEmailDialog } from "../../web/src/features/settings/change-email-dialog";
import { LOGOUT_AFTER_PASSWORD_CHANGE_MS, PasswordSection } from "../../web/src/features/settings/password-section";
import { initI18n } from "../../web/src/lib/i18n";

type Handler = (url: string, init: RequestInit | undefined) => { status: number; body: unknown };
let handler: Handler;
const calls: { url: string; method: string; body: unknown }[] = [];

const json = (status: number, body: unknown) => ({ status, body });
const ok = (data: unknown) => json(200, { status: "success", data });

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await loadAccountsTexts();
  // jsdom has no <dialog> methods
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = handler(url, init);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function withQueries(node: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe("PasswordSection", () => {
  it("shows the text of each rule (all fields, matching, 6 characters, different) and calls nothing", async () => {
    handler = () => ok({ message: "Password changed" });
    withQueries(<PasswordSection hasPassword />);
    fireEvent.click(screen.getByTestId("password-submit"));
    expect(screen.getByTestId("password-error").textContent).toBe("Please fill in all fields");
    type("field-current-password", "old-secret");
    type("field-new-password", "new-secret");
    type("field-confirm-password", "new-secreX");
    fireEvent.click(screen.getByTestId("password-submit"));
    expect(screen.getByTestId("password-error").textContent).toBe("New passwords do not match");
    type("field-new-password", "12345");
    type("field-confirm-password", "12345");
    fireEvent.click(screen.getByTestId("password-submit"));
    expect(screen.getByTestId("password-error").textContent).toBe("The new password must be at least 6 characters");
    type("field-new-password", "old-secret");
    type("field-confirm-password", "old-secret");
    fireEvent.click(screen.getByTestId("password-submit"));
    expect(screen.getByTestId("password-error").textContent).toMatch(/different from the current/);
    expect(calls).toEqual([]);
  });

  it("says the current password is wrong, and 'An error occurred' for anything unexpected", async () => {
    handler = () =>
      json(400, { status: "error", code: "incorrect_password", message: "The current password is incorrect" });
    withQueries(<PasswordSection hasPassword />);
    type("field-current-password", "wrong-one");
    type("field-new-password", "new-secret");
    type("field-confirm-password", "new-secret");
    fireEvent.click(screen.getByTestId("password-submit"));
    await waitFor(() =>
      expect(screen.getByTestId("password-error").textContent).toMatch(/current password is incorrect/i),
    );
    handler = () => json(500, { status: "error", code: "internal_error", message: "boom" });
    fireEvent.click(screen.getByTestId("password-submit"));
    await waitFor(() =>
      expect(screen.getByTestId("password-error").textContent).toBe("An error occurred, please try again"),
    );
  });

  it("signs this device out 2 seconds after the change", async () => {
    localStorage.setItem("session_token", "a".repeat(64));
    handler = (url) =>
      url.startsWith("/user-sessions/")
        ? ok({ id: "s1", current: true })
        : ok({ message: "Password changed", ended_sessions: 1 });
    withQueries(<PasswordSection hasPassword />);
    type("field-current-password", "old-secret");
    type("field-new-password", "new-secret");
    type("field-confirm-password", "new-secret");
    vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
    const clicked = Date.now();
    fireEvent.click(screen.getByTestId("password-submit"));
    await vi.waitFor(() => expect(screen.getByTestId("password-changed")).toBeTruthy());
    expect(calls.map((c) => c.url)).toEqual(["/auth/change-password"]);
    expect(calls[0]!.body).toEqual({ currentPassword: "old-secret", newPassword: "new-secret" });
    // vi.waitFor moves the fake clock on by its interval at each check (more checks on a busy machine): count them in
    const waited = Date.now() - clicked;
    await act(async () => vi.advanceTimersByTime(LOGOUT_AFTER_PASSWORD_CHANGE_MS - 100 - waited));
    expect(calls.some((c) => c.url.startsWith("/user-sessions/"))).toBe(false);
    await act(async () => vi.advanceTimersByTime(100));
    // the session is ended by its cookie (the SPA keeps no token), and an old stored token is gone too
    await vi.waitFor(() => {
      expect(calls.some((c) => c.url === "/user-sessions/current" && c.method === "DELETE")).toBe(true);
      expect(localStorage.getItem("session_token")).toBeNull();
    });
  });
});

describe("ChangeEmailDialog", () => {
  const future = (s: number) => new Date(Date.now() + s * 1000).toISOString();

  it("goes from the new email to the code, with resend locked for 60 s, tries left, and the update", async () => {
    let attempts = 5;
    handler = (url) => {
      if (url === "/auth/email-verification") return ok({ pending: false });
      if (url.endsWith("/request-change"))
        return ok({
          pending: true,
          newEmail: "mai@example.vn",
          expires_at: future(600),
          resend_available_at: future(60),
          attempts_left: 5,
        });
      if (url.endsWith("/verify-code")) {
        attempts--;
        const body = calls.at(-1)!.body as { verificationCode: string };
        return body.verificationCode === "246810"
          ? ok({ email: "mai@example.vn", message: "Email updated" })
          : json(400, {
              status: "error",
              code: "invalid_code",
              message: "The verification code is incorrect",
              attempts_left: attempts,
            });
      }
      return ok({ user: { id: "u1", name: "Lan", email: "mai@example.vn" } });
    };
    withQueries(<ChangeEmailDialog open onClose={() => {}} currentEmail="lan@example.vn" />);
    await waitFor(() => screen.getByTestId("field-new-email"));

    type("field-new-email", "lan@example.vn");
    fireEvent.click(screen.getByTestId("email-send-code"));
    expect(screen.getByTestId("email-error").textContent).toBe("This is already your email");

    type("field-new-email", "mai@example.vn");
    fireEvent.click(screen.getByTestId("email-send-code"));
    await waitFor(() => expect(screen.getByTestId("email-code-sent").textContent).toContain("mai@example.vn"));
    const resend = screen.getByTestId("email-resend") as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/Resend in (59|60) s/);

    type("field-email-code", "12a3");
    expect(input("field-email-code").value).toBe("123");
    fireEvent.click(screen.getByTestId("email-verify"));
    expect(screen.getByTestId("email-error").textContent).toBe("Enter the full 6-digit code");

    type("field-email-code", "111111");
    fireEvent.click(screen.getByTestId("email-verify"));
    await waitFor(() =>
      expect(screen.getByTestId("email-error").textContent).toBe("The code is incorrect. 4 tries left."),
    );

    type("field-email-code", "246810");
    fireEvent.click(screen.getByTestId("email-verify"));
    await waitFor(() =>
      expect(screen.getByTestId("email-updated").textContent).toBe("Your email is now mai@example.vn."),
    );
  });

  it("resumes a pending change at the code step, and cancelling drops it on the server", async () => {
    handler = (url) =>
      url === "/auth/email-verification"
        ? ok({
            pending: true,
            newEmail: "an@example.vn",
            expires_at: future(300),
            resend_available_at: future(-1),
            attempts_left: 3,
          })
        : ok({ pending: false });
    const onClose = vi.fn();
    withQueries(<ChangeEmailDialog open onClose={onClose} currentEmail="lan@example.vn" />);
    await waitFor(() => expect(screen.getByTestId("email-code-sent").textContent).toContain("an@example.vn"));
    expect((screen.getByTestId("email-resend") as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId("email-cancel"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.some((c) => c.url === "/auth/email-verification/cancel" && c.method === "POST")).toBe(true);
  });

  it("says 'Failed to send verification code' when sending fails for no known reason", async () => {
    handler = (url) =>
      url === "/auth/email-verification"
        ? ok({ pending: false })
        : json(502, { status: "error", code: "mail_failed", message: "x" });
    withQueries(<ChangeEmailDialog open onClose={() => {}} currentEmail="lan@example.vn" />);
    await waitFor(() => screen.getByTestId("field-new-email"));
    type("field-new-email", "mai@example.vn");
    fireEvent.click(screen.getByTestId("email-send-code"));
    await waitFor(() => expect(screen.getByTestId("email-error").textContent).toBe("Failed to send verification code"));
  });
});
