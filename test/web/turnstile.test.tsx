// Cloudflare Turnstile on the sign-up and forgot-password forms, in the SPA and on the pre-rendered pages
// (turnstile-widget.ts, use-turnstile.tsx, prerendered/guest-turnstile.ts), with a fake `window.turnstile` that
// records its widgets. Proven: with a site key (GET /api/config for the SPA, <html data-turnstile-site-key> for the
// pre-rendered page) the widget is drawn in the UI's language, its token reaches the request body as
// `turnstile_token`, the widget is reset after each submission and removed with its form, a captcha refusal is said
// above the form; Turnstile's script is loaded once, on demand; without a site key nothing loads and nothing is sent.
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthPage } from "../../web/src/features/auth/auth-page";
import { loadAuthTexts } from "../../web/src/features/auth/auth-texts";
import type { GuestPageName } from "../../web/src/features/auth/prerendered/guest-contract";
import { renderGuestPage } from "../../web/src/features/auth/prerendered/guest-prerender";
import { ResetPasswordPage } from "../../web/src/features/auth/reset-password-page";
import { TURNSTILE_SCRIPT } from "../../web/src/features/auth/turnstile-widget";
import { initI18n, loadErrorTexts } from "../../web/src/lib/i18n";
import viErrors from "../../locales/errors/vi.json";
import { ok, type ScriptedCall, type ScriptedRoute, stubScriptedFetch } from "../support/scripted-fetch";

const calls: ScriptedCall[] = [];
let routes: Record<string, ScriptedRoute> = {};
const SITE_KEY = "0x4AAAAAAA-test-site-key";
const CAPTCHA_FAILED = {
  status: 403,
  body: { status: "error", code: "captcha_failed", message: "Complete the check", field: "turnstile_token" },
};

/** Turnstile's browser API as its script defines it, recording the widgets; `solve` plays the visitor passing. */
function fakeTurnstile() {
  const widgets: { id: string; el: HTMLElement; params: Record<string, unknown> }[] = [];
  const api = {
    render: vi.fn((el: HTMLElement, params: Record<string, unknown>) => {
      const id = `widget-${widgets.length + 1}`;
      widgets.push({ id, el, params });
      el.append(Object.assign(document.createElement("iframe"), { title: "Turnstile" }));
      return id;
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  };
  const last = () => widgets.at(-1)!;
  const solve = (token: string) => (last().params.callback as (t: string) => void)(token);
  return { api, widgets, last, solve };
}

const challengeScripts = () => document.querySelectorAll(`script[src="${TURNSTILE_SCRIPT}"]`);
const posted = (key: string) => calls.filter((c) => c.key === key).map((c) => c.body as Record<string, unknown>);
const type = (root: ParentNode, name: string, value: string) =>
  fireEvent.input(root.querySelector(`input[name="${name}"]`)!, { target: { value } });
const submit = (root: ParentNode, testId: string) => fireEvent.click(root.querySelector(`[data-testid="${testId}"]`)!);
const fillRegister = (root: ParentNode) => {
  type(root, "name", "Lan");
  type(root, "email", "lan@example.vn");
  type(root, "password", "a-long-password");
  type(root, "confirm", "a-long-password");
};

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage("en");
  await Promise.all([loadAuthTexts(), loadErrorTexts(), i18next.loadNamespaces("accounts")]);
});
beforeEach(() => {
  calls.length = 0;
  routes = {
    "GET /auth/social-config": () => ok({ google_client_id: null, facebook_app_id: null }),
    "GET /api/config": () => ok({ support_email: null, turnstile_site_key: SITE_KEY }),
  };
  localStorage.clear();
  stubScriptedFetch(() => routes, calls);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.turnstile;
  delete document.documentElement.dataset.turnstileSiteKey;
  for (const script of challengeScripts()) script.remove();
  document.body.innerHTML = "";
});

/** The SPA's page at `path`, rendered by React. */
async function openSpa(path: string, page: ReactNode) {
  const root = createRootRoute();
  const routeTree = root.addChildren(
    ["/", "/login", "/register", "/reset-password"].map((p) =>
      createRoute({ getParentRoute: () => root, path: p, component: () => page }),
    ),
  );
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  return render(<RouterProvider router={router} />);
}

/** The pre-rendered page in the document, in `lng`, as the worker serves it (with or without the site key), run. */
async function openStatic(name: GuestPageName, lng = "en", siteKey: string | null = SITE_KEY) {
  history.replaceState(null, "", `/${name}`);
  document.documentElement.lang = lng;
  if (siteKey) document.documentElement.dataset.turnstileSiteKey = siteKey;
  document.body.innerHTML = `<div id="root">${(["en", "vi", "ru", "zh"] as const)
    .map((l) => `<div class="guest-copy" lang="${l}" data-page="${name}">${renderGuestPage(name, l)}</div>`)
    .join("")}</div>`;
  vi.resetModules();
  await import("../../web/src/features/auth/prerendered/guest-page");
  await waitFor(() => expect(document.querySelectorAll(".guest-copy")).toHaveLength(1));
}

describe("Turnstile in the SPA", () => {
  it("sends the sign-up with the widget's token, resets the widget after a refusal and says why", async () => {
    const turnstile = fakeTurnstile();
    window.turnstile = turnstile.api;
    routes["POST /auth/register"] = () => CAPTCHA_FAILED;
    const view = await openSpa("/register", <AuthPage mode="register" />);
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    const { el, params } = turnstile.last();
    expect(params).toMatchObject({ sitekey: SITE_KEY, language: "en" });
    // drawn inside the form, before its button
    expect(el.nextElementSibling?.getAttribute("data-testid")).toBe("register-submit");

    turnstile.solve("token-1");
    fillRegister(view.container);
    submit(view.container, "register-submit");
    await view.findByTestId("form-error");
    expect(posted("POST /auth/register")).toEqual([expect.objectContaining({ turnstile_token: "token-1" })]);
    expect(turnstile.api.reset).toHaveBeenCalledWith("widget-1");
    expect(view.getByTestId("form-error").textContent).toBe(i18next.t("captcha_failed", { ns: "errors" }));

    // the spent token is not sent again: the next try carries the fresh one
    turnstile.solve("token-2");
    submit(view.container, "register-submit");
    await waitFor(() => expect(posted("POST /auth/register")).toHaveLength(2));
    expect(posted("POST /auth/register")[1]?.turnstile_token).toBe("token-2");
    view.unmount();
    expect(turnstile.api.remove).toHaveBeenCalledWith("widget-1");
  });

  it("sends the reset mail's request with the token, and the widget goes with the email step", async () => {
    const turnstile = fakeTurnstile();
    window.turnstile = turnstile.api;
    routes["POST /auth/forgot-password"] = () => ok({ message: "sent" });
    const view = await openSpa("/reset-password", <ResetPasswordPage />);
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    turnstile.solve("token-r");
    type(view.container, "reset-email", "lan@example.vn");
    submit(view.container, "reset-send");
    await view.findByTestId("reset-form");
    expect(posted("POST /auth/forgot-password")).toEqual([{ email: "lan@example.vn", turnstile_token: "token-r" }]);
    expect(turnstile.api.reset).toHaveBeenCalledWith("widget-1");
    await waitFor(() => expect(turnstile.api.remove).toHaveBeenCalledWith("widget-1"));
  });

  it("loads and draws nothing, and sends no token, when Turnstile is off", async () => {
    routes["GET /api/config"] = () => ok({ support_email: null, turnstile_site_key: null });
    routes["POST /auth/register"] = () => CAPTCHA_FAILED;
    const view = await openSpa("/register", <AuthPage mode="register" />);
    await waitFor(() => expect(calls.map((c) => c.key)).toContain("GET /api/config"));
    fillRegister(view.container);
    submit(view.container, "register-submit");
    await view.findByTestId("form-error");
    expect(posted("POST /auth/register")[0]).not.toHaveProperty("turnstile_token");
    expect(view.container.querySelector("[data-testid=turnstile]")).toBeNull();
    expect(challengeScripts()).toHaveLength(0);
  });
});

describe("Turnstile on the pre-rendered pages", () => {
  it("loads Turnstile's script once, draws the widget in the page's language and sends its token", async () => {
    const turnstile = fakeTurnstile();
    routes["POST /auth/register"] = () => CAPTCHA_FAILED;
    await openStatic("register", "vi");
    // the script is asked for; the widget is drawn once it has loaded
    await waitFor(() => expect(challengeScripts()).toHaveLength(1));
    window.turnstile = turnstile.api;
    challengeScripts()[0]!.dispatchEvent(new Event("load"));
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    expect(turnstile.last().params).toMatchObject({ sitekey: SITE_KEY, language: "vi" });
    expect(turnstile.last().el.nextElementSibling?.getAttribute("data-testid")).toBe("register-submit");

    turnstile.solve("token-g");
    fillRegister(document);
    submit(document, "register-submit");
    await waitFor(() => expect(document.querySelector("[data-testid=form-error]")).not.toBeNull());
    expect(posted("POST /auth/register")).toEqual([expect.objectContaining({ turnstile_token: "token-g" })]);
    expect(turnstile.api.reset).toHaveBeenCalledWith("widget-1");
    expect(document.querySelector("[data-testid=form-error]")?.textContent).toBe(viErrors.captcha_failed);

    // another language: the widget is drawn again in the new copy, in that language, with the same script
    fireEvent.change(document.querySelector("[data-testid=language-select]")!, { target: { value: "zh" } });
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(2));
    expect(turnstile.api.remove).toHaveBeenCalledWith("widget-1");
    expect(turnstile.last().params).toMatchObject({ language: "zh-cn" });
    expect(document.querySelectorAll("[data-testid=turnstile]")).toHaveLength(1);
    expect(challengeScripts()).toHaveLength(1);
  });

  it("sends the reset mail's request with the token and takes the widget away at the next step", async () => {
    const turnstile = fakeTurnstile();
    window.turnstile = turnstile.api;
    routes["POST /auth/forgot-password"] = () => ok({ message: "sent" });
    await openStatic("reset-password");
    await waitFor(() => expect(turnstile.api.render).toHaveBeenCalledTimes(1));
    turnstile.solve("token-m");
    type(document, "reset-email", "lan@example.vn");
    submit(document, "reset-send");
    await waitFor(() => expect(document.querySelector("[data-testid=reset-form]")).not.toBeNull());
    expect(posted("POST /auth/forgot-password")).toEqual([{ email: "lan@example.vn", turnstile_token: "token-m" }]);
    expect(turnstile.api.remove).toHaveBeenCalledWith("widget-1");
    expect(document.querySelector("[data-testid=turnstile]")).toBeNull();
  });

  it("loads and draws nothing, and sends no token, without the site key", async () => {
    routes["POST /auth/register"] = () => CAPTCHA_FAILED;
    await openStatic("register", "en", null);
    fillRegister(document);
    submit(document, "register-submit");
    await waitFor(() => expect(document.querySelector("[data-testid=form-error]")).not.toBeNull());
    expect(posted("POST /auth/register")[0]).not.toHaveProperty("turnstile_token");
    expect(document.querySelector("[data-testid=turnstile]")).toBeNull();
    expect(challengeScripts()).toHaveLength(0);
  });
});
