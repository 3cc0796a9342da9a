// The pre-rendered sign-in, sign-up and reset pages' script in jsdom, against the SPA's own forms: the page as the build
// renders it (guest-prerender.tsx, four copies), its script run on it (guest-page.ts), the same clicks given to both.
// Proven: the rule errors and the server's refusals show with the same elements, in the same places, with the same
// texts as the SPA's; a language switch keeps what was typed and says the errors again in the new language; the
// reset steps follow one another; a sign-in stores the session as the SPA does; every copy carries every text its
// script may show.
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthPage } from "../../web/src/features/auth/auth-page";
import { loadAuthTexts } from "../../web/src/features/auth/auth-texts";
import type { GuestPageName } from "../../web/src/features/auth/prerendered/guest-contract";
import { renderGuestPage } from "../../web/src/features/auth/prerendered/guest-prerender";
import { initI18n, LANGUAGES, loadErrorTexts } from "../../web/src/lib/i18n";
import { ok, type ScriptedCall, type ScriptedRoute, stubScriptedFetch } from "../support/scripted-fetch";

const calls: ScriptedCall[] = [];
let routes: Record<string, ScriptedRoute> = {};
const USER = { id: "u1", name: "Lan", email: "lan@example.vn" };
const NO_SOCIAL = () => ok({ google_client_id: null, facebook_app_id: null });

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await Promise.all([loadAuthTexts(), loadErrorTexts()]);
});
beforeEach(() => {
  calls.length = 0;
  routes = { "GET /auth/social-config": NO_SOCIAL };
  localStorage.clear();
  stubScriptedFetch(() => routes, calls);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** The pre-rendered page in the document (as the plugin wraps its copies), in `lng`, with its script run on it. */
async function openStatic(name: GuestPageName, lng = "en", search = "") {
  history.replaceState(null, "", `/${name.replace("-link", "")}${search}`);
  document.documentElement.lang = lng;
  document.body.innerHTML = `<div id="root">${(["en", "vi", "ru", "zh"] as const)
    .map((l) => `<div class="guest-copy" lang="${l}" data-page="${name}">${renderGuestPage(name, l)}</div>`)
    .join("")}</div>`;
  vi.resetModules();
  await import("../../web/src/features/auth/prerendered/guest-page");
  // the script starts once the page has painted: then one copy is left in the document
  await waitFor(() => expect(document.querySelectorAll(".guest-copy")).toHaveLength(1));
}

/** The SPA's sign-in or sign-up page, rendered by React. */
async function openSpa(mode: "login" | "register") {
  const root = createRootRoute();
  const routeTree = root.addChildren(
    ["/", "/login", "/register", "/reset-password", "/link-account"].map((path) =>
      createRoute({ getParentRoute: () => root, path, component: () => <AuthPage mode={mode} /> }),
    ),
  );
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [`/${mode}`] }) });
  const view = render(<RouterProvider router={router} />);
  await view.findByTestId(`${mode}-submit`);
  return view.container;
}

/**
 * A form's markup as a tree of elements, their attributes in name order and their text, without what differs between
 * two renders and says nothing of its state: ids (numbered by first use), typed values, autofocus (React focuses).
 */
function shape(form: Element | null): string {
  const ids = new Map<string, string>();
  const id = (value: string) => {
    if (!ids.has(value)) ids.set(value, `id${ids.size}`);
    return ids.get(value);
  };
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element)) return "";
    const attrs = [...node.attributes]
      .filter((a) => a.name !== "value" && a.name !== "autofocus")
      .map((a) => `${a.name}="${["id", "for", "aria-describedby"].includes(a.name) ? id(a.value) : a.value}"`)
      .sort();
    return `<${node.localName} ${attrs.join(" ")}>${[...node.childNodes].map(walk).join("")}</${node.localName}>`;
  };
  return form ? walk(form) : "";
}

const type = (root: ParentNode, name: string, value: string) =>
  fireEvent.input(root.querySelector(`input[name="${name}"]`)!, { target: { value } });
const submit = (root: ParentNode, testId: string) => fireEvent.click(root.querySelector(`[data-testid="${testId}"]`)!);

describe("the pre-rendered sign-in and sign-up forms", () => {
  it("draw the rule errors as the SPA's forms do, and only the copy on screen stays in the document", async () => {
    for (const [mode, fill] of [
      ["login", { email: "an@" }],
      ["register", { name: " ", email: "lan@example.vn", password: "1234567", confirm: "12345678" }],
    ] as const) {
      const spa = await openSpa(mode);
      for (const [name, value] of Object.entries(fill)) type(spa, name, value);
      submit(spa, `${mode}-submit`);
      await waitFor(() => expect(spa.querySelector(".field__error")).not.toBeNull());
      const expected = shape(spa.querySelector(`[data-testid="${mode}-form"]`));
      cleanup();

      await openStatic(mode);
      expect(document.querySelectorAll(".guest-copy")).toHaveLength(1);
      for (const [name, value] of Object.entries(fill)) type(document, name, value);
      submit(document, `${mode}-submit`);
      expect(shape(document.querySelector(`[data-testid="${mode}-form"]`))).toBe(expected);
      expect(calls.filter((c) => c.key.startsWith("POST"))).toEqual([]);
    }
    expect(document.querySelector("[data-testid=error-password]")?.textContent).toBe(
      "Password must be at least 8 characters",
    );
  });

  it("checks again as the visitor types once they have tried to send, as the SPA does", async () => {
    await openStatic("login");
    type(document, "email", "bad");
    expect(document.querySelector("[data-testid=error-email]")).toBeNull();
    submit(document, "login-submit");
    expect(document.querySelector("[data-testid=error-email]")?.textContent).toBe("Invalid email address");
    type(document, "email", "lan@example.vn");
    expect(document.querySelector("[data-testid=error-email]")).toBeNull();
    expect(document.querySelector("[data-testid=error-password]")?.textContent).toBe("This field is required");
  });

  it("shows a refusal above the form, or under the field it names, with the API's text for its code", async () => {
    routes["POST /auth/login"] = () => ({
      status: 401,
      body: { status: "error", code: "invalid_credentials", message: "Invalid email or password" },
    });
    const spa = await openSpa("login");
    type(spa, "email", " lan@example.vn ");
    type(spa, "password", "wrong");
    submit(spa, "login-submit");
    await waitFor(() => expect(spa.querySelector("[data-testid=form-error]")).not.toBeNull());
    const expected = shape(spa.querySelector("[data-testid=login-form]"));
    cleanup();
    calls.length = 0;

    await openStatic("login");
    type(document, "email", " lan@example.vn ");
    type(document, "password", "wrong");
    submit(document, "login-submit");
    await waitFor(() => expect(document.querySelector("[data-testid=form-error]")).not.toBeNull());
    expect(document.querySelector("[data-testid=form-error]")?.textContent).toBe("Incorrect email or password.");
    expect(shape(document.querySelector("[data-testid=login-form]"))).toBe(expected);
    expect(calls.find((c) => c.key === "POST /auth/login")?.body).toMatchObject({
      email: "lan@example.vn",
      password: "wrong",
      user_agent: expect.any(String),
    });
    expect(document.querySelector<HTMLButtonElement>("[data-testid=login-submit]")?.disabled).toBe(false);

    routes["POST /auth/register"] = () => ({
      status: 409,
      body: { status: "error", code: "email_taken", message: "Email already registered" },
    });
    await openStatic("register");
    for (const [name, value] of Object.entries({ name: "Lan", email: "lan@example.vn", password: "12345678" }))
      type(document, name, value);
    type(document, "confirm", "12345678");
    submit(document, "register-submit");
    await waitFor(() => expect(document.querySelector("[data-testid=error-email]")).not.toBeNull());
    expect(document.querySelector("[data-testid=error-email]")?.textContent).toBe(
      "An account with this email already exists.",
    );
    expect(document.querySelector("[data-testid=form-error]")).toBeNull();
  });

  it("stores the signed-in user as the SPA does, never a token", async () => {
    routes["POST /auth/login"] = () => ok({ user: USER, token: "jwt", session_token: "s".repeat(64) });
    localStorage.setItem("session_token", "old");
    await openStatic("login");
    type(document, "email", "lan@example.vn");
    type(document, "password", "password123");
    submit(document, "login-submit");
    await waitFor(() => expect(localStorage.getItem("user_id")).toBe("u1"));
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject(USER);
    expect(localStorage.getItem("session_token")).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain("jwt");
  });

  it("keeps what was typed and says the errors again when the language changes", async () => {
    await openStatic("login", "vi");
    expect(document.querySelector("h1")?.textContent).toBe("Chào mừng trở lại");
    type(document, "email", "bad");
    submit(document, "login-submit");
    expect(document.querySelector("[data-testid=error-email]")?.textContent).toBe("Email không hợp lệ");
    fireEvent.change(document.querySelector("[data-testid=language-select]")!, { target: { value: "ru" } });
    expect(document.documentElement.lang).toBe("ru");
    expect(localStorage.getItem("language")).toBe("ru");
    expect(document.querySelectorAll(".guest-copy")).toHaveLength(1);
    expect(document.querySelector("h1")?.textContent).toBe("С возвращением");
    expect(document.querySelector<HTMLInputElement>("input[name=email]")?.value).toBe("bad");
    expect(document.querySelector("[data-testid=error-email]")?.textContent).toBe("Неверный адрес электронной почты");
  });

  it("shows the 'session ended' notice for ?reason=expired", async () => {
    await openStatic("login", "en", "?reason=expired");
    expect(document.querySelector("[data-testid=auth-notice]")?.textContent).toBe(
      "Your session has ended. Please sign in again.",
    );
  });

  it("says which social sign-in is not set up, as the SPA's buttons do", async () => {
    routes["GET /auth/social-config"] = () => ok({ google_client_id: "id.apps", facebook_app_id: null });
    await openStatic("register");
    await waitFor(() => expect(document.querySelector("[data-testid=social-facebook-unavailable]")).not.toBeNull());
    expect(document.querySelector("[data-testid=social-google]")?.getAttribute("aria-disabled")).toBe("false");
    expect(document.querySelector("[data-testid=social-facebook]")?.getAttribute("aria-disabled")).toBe("true");
    expect(document.querySelector("[data-testid=social-facebook-unavailable]")?.textContent).toBe(
      "Sign-in with Facebook is not set up on this server.",
    );
  });
});

describe("the pre-rendered password reset", () => {
  it("goes from the email to the mailed code and the new password, then done, with the SPA's messages", async () => {
    routes["POST /auth/forgot-password"] = () => ok({ message: "sent" });
    let left = 2;
    routes["POST /auth/reset-password"] = (body) =>
      (body as { code: string }).code === "123456"
        ? ok({ message: "reset" })
        : { status: 400, body: { status: "error", code: "invalid_code", message: "Wrong", attempts_left: left-- } };
    await openStatic("reset-password");
    type(document, "reset-email", "nope");
    submit(document, "reset-send");
    expect(document.querySelector("[data-testid=reset-error]")?.textContent).toBe("Invalid email address");
    type(document, "reset-email", "lan@example.vn");
    submit(document, "reset-send");
    await waitFor(() => expect(document.querySelector("[data-testid=reset-form]")).not.toBeNull());
    expect(document.querySelector("[data-testid=reset-error]")).toBeNull();
    expect(document.querySelector("[data-testid=reset-sent]")?.textContent).toContain("lan@example.vn");

    type(document, "reset-code", "12a3");
    expect(document.querySelector<HTMLInputElement>("input[name=reset-code]")?.value).toBe("123");
    type(document, "reset-new", "short");
    type(document, "reset-confirm", "short");
    submit(document, "reset-submit");
    expect(document.querySelector("[data-testid=reset-error]")?.textContent).toBe("Enter the full 6-digit code");
    type(document, "reset-code", "654321");
    submit(document, "reset-submit");
    expect(document.querySelector("[data-testid=reset-error]")?.textContent).toBe(
      "The password must be at least 8 characters",
    );
    type(document, "reset-new", "a-new-password");
    type(document, "reset-confirm", "a-new-password");
    submit(document, "reset-submit");
    await waitFor(() =>
      expect(document.querySelector("[data-testid=reset-error]")?.textContent).toBe(
        "The code is incorrect. 2 tries left.",
      ),
    );
    type(document, "reset-code", "123456");
    submit(document, "reset-submit");
    await waitFor(() => expect(document.querySelector("[data-testid=reset-done]")).not.toBeNull());
    expect(calls.find((c) => c.key === "POST /auth/reset-password" && c.body)?.body).toMatchObject({
      email: "lan@example.vn",
      newPassword: "a-new-password",
    });
  });

  it("opens the mailed link's page at the new password and sends its token", async () => {
    const token = "ab".repeat(32);
    routes["POST /auth/reset-password"] = () => ok({ message: "reset" });
    await openStatic("reset-password-link", "en", `?token=${token}`);
    expect(document.querySelector("input[name=reset-code]")).toBeNull();
    type(document, "reset-new", "link-password-1");
    type(document, "reset-confirm", "link-password-1");
    submit(document, "reset-submit");
    await waitFor(() => expect(document.querySelector("[data-testid=reset-done]")).not.toBeNull());
    expect(calls.find((c) => c.key === "POST /auth/reset-password")?.body).toEqual({
      token,
      newPassword: "link-password-1",
    });
  });
});

describe("the texts each copy carries", () => {
  it("hold, in every language, every text the script may show", () => {
    const needed = {
      login: ["validation.required", "validation.email", "social.notSetUp", "passwordField.show", "errors.unknown"],
      register: ["validation.passwordMin", "validation.passwordMismatch", "social.googleSignupFailed"],
      "reset-password": [
        "reset.sent",
        "reset.tooShort",
        "password.fillAll",
        "password.mismatch",
        "email.wrongCode_other",
      ],
      "reset-password-link": ["email.codeIncomplete", "passwordField.hide", "validation.required"],
    };
    for (const [page, keys] of Object.entries(needed))
      for (const lng of LANGUAGES) {
        const html = renderGuestPage(page as GuestPageName, lng);
        const island = /<script type="application\/json" data-texts>(.*?)<\/script>/.exec(html)?.[1] ?? "{}";
        const texts = JSON.parse(island) as Record<string, string>;
        for (const key of keys) expect(texts[key], `${page} ${lng} ${key}`).toBeTruthy();
      }
  });
});
