// Build-time only (never part of a bundle): renders the sign-in, sign-up and password-reset pages — the SPA's own
// components — to HTML in the four languages, for the pre-rendered pages a guest's first visit gets
// (dist/client/guest/*.html, assembled by scripts/prerender-guest-pages-plugin.ts, which loads this module through
// Vite's SSR loader). Each language's copy also carries what its script (guest-page.ts) shows later without React:
// the texts it may need (one JSON island, from the same locale files), the reset flow's later steps and the sign-in
// page's "session ended" notice as templates. Each render gets its own useId prefix, so ids stay unique in a document.
import {
  RouterContextProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { createInstance, type i18n } from "i18next";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import accountsEn from "../../../../../locales/accounts/en.json";
import accountsRu from "../../../../../locales/accounts/ru.json";
import accountsVi from "../../../../../locales/accounts/vi.json";
import accountsZh from "../../../../../locales/accounts/zh.json";
import authEn from "../../../../../locales/auth/en.json";
import authRu from "../../../../../locales/auth/ru.json";
import authVi from "../../../../../locales/auth/vi.json";
import authZh from "../../../../../locales/auth/zh.json";
import en from "../../../../../locales/en.json";
import ru from "../../../../../locales/ru.json";
import vi from "../../../../../locales/vi.json";
import zh from "../../../../../locales/zh.json";
import { LANGUAGES, type Language } from "../../../lib/i18n";
import { ACCOUNTS_NS } from "../../settings/accounts-texts";
import { AUTH_NS } from "../auth-texts";
import { AuthNotice, AuthPage } from "../auth-page";
import { ResetCard, ResetCodeStep, ResetDoneStep, ResetEmailStep } from "../reset-password-page";
import { IconEye } from "../../ui/icons";
import { GUEST_PAGES, type GuestPageName, type Texts } from "./guest-contract";

type Resources = Record<string, object>;
const RESOURCES: Record<Language, Resources> = {
  vi: { translation: vi, [AUTH_NS]: authVi, [ACCOUNTS_NS]: accountsVi },
  en: { translation: en, [AUTH_NS]: authEn, [ACCOUNTS_NS]: accountsEn },
  ru: { translation: ru, [AUTH_NS]: authRu, [ACCOUNTS_NS]: accountsRu },
  zh: { translation: zh, [AUTH_NS]: authZh, [ACCOUNTS_NS]: accountsZh },
};

/**
 * The texts each page's script may show, as "namespace:key prefix": the form rules' messages, the social buttons'
 * failures, the reset flow's later messages, and the generic error (the API's texts by code load when an error comes).
 */
const SCRIPT_TEXTS: Record<"auth" | "reset", string[]> = {
  auth: ["auth:validation.", "auth:social.", "translation:passwordField.", "translation:errors.unknown"],
  reset: [
    "auth:validation.",
    "accounts:reset.sent",
    "accounts:reset.tooShort",
    "accounts:password.fillAll",
    "accounts:password.mismatch",
    "accounts:email.codeIncomplete",
    "accounts:email.wrongCode",
    "translation:passwordField.",
    "translation:errors.unknown",
  ],
};

/** A namespace's texts as flat "a.b.c" keys. */
function flatten(tree: object, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

/** The texts of one language that a page's script may show, by their key in their namespace. */
export function scriptTexts(lng: Language, kind: "auth" | "reset"): Texts {
  const texts: Texts = {};
  for (const wanted of SCRIPT_TEXTS[kind]) {
    const [ns = "", prefix = ""] = wanted.split(":");
    for (const [key, text] of flatten(RESOURCES[lng][ns] ?? {})) if (key.startsWith(prefix)) texts[key] = text;
  }
  return texts;
}

function texts(lng: Language): i18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    ns: ["translation", AUTH_NS, ACCOUNTS_NS],
    defaultNS: "translation",
    resources: { [lng]: RESOURCES[lng], en: RESOURCES.en },
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false, // resources are given: ready at once, so the render below sees the texts
    react: { nsMode: "fallback" }, // as the SPA's (lib/i18n.ts): a screen's own namespace first, then the main texts
  });
  return instance;
}

/** The places these pages link or navigate to; any other target would fail to build its href. */
function linkRouter(path: string) {
  const root = createRootRoute();
  const routeTree = root.addChildren(
    ["/", "/login", "/register", "/reset-password", "/link-account"].map((p) =>
      createRoute({ getParentRoute: () => root, path: p }),
    ),
  );
  return createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
}

const noop = () => {};
const NO_VALUES = { email: "", code: "", next: "", confirm: "" };

/** One render in one language: `id` keeps its useId values apart from the other renders in the same document. */
function render(i18n: i18n, path: string, id: string, node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RouterContextProvider router={linkRouter(path)}>{node}</RouterContextProvider>
    </I18nextProvider>,
    { identifierPrefix: `${id}-` },
  );
}

/** Markup the script shows later (a later step, a notice, the other eye icon), inert until it does. */
const template = (name: string, html: string) => `<template data-template="${name}">${html}</template>`;

/**
 * The page's buttons wait for its script, which gives them their work: disabled until it runs (guest-dom.ts wake), so
 * a click or a key meanwhile does nothing rather than something else — above all a form sent to its own address,
 * password and all (a disabled submit button sends nothing, not even on Enter). data-inert keeps them looking enabled
 * meanwhile (the page's inline style).
 */
const inert = (html: string) => html.replaceAll("<button ", '<button disabled="" data-inert="" ');

/** JSON inside <script type="application/json">: no "</script>" or "<!--" can end or bend it. */
const island = (value: unknown) =>
  `<script type="application/json" data-texts>${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

/** One page's HTML in one language: the page as the SPA first shows it, its templates and its script's texts. */
export function renderGuestPage(name: GuestPageName, lng: Language): string {
  const i18n = texts(lng);
  const path = GUEST_PAGES[name].path;
  // Each render's useId values apart from the others' in the same document ("vi-p-…", "vi-c-…").
  const part = (id: string, node: ReactNode) => render(i18n, path, `${lng}-${id}`, node);
  const codeStep = (token: string | undefined) => (
    <ResetCodeStep token={token} values={NO_VALUES} onChange={noop} onSubmit={noop} busy={false} error={null} />
  );
  const done = template("done", part("d", <ResetDoneStep />));
  const eyes =
    template("eye", part("e", <IconEye size={18} />)) + template("eye-off", part("e", <IconEye size={18} off />));
  let html: string;
  switch (name) {
    case "login":
    case "register":
      html =
        part("p", <AuthPage mode={name} />) +
        (name === "login"
          ? template("notice", part("n", <AuthNotice>{i18n.t("auth.sessionExpired", { ns: AUTH_NS })}</AuthNotice>))
          : "") +
        island(scriptTexts(lng, "auth"));
      break;
    case "reset-password":
      html =
        part(
          "p",
          <ResetCard>
            <ResetEmailStep email="" onEmail={noop} onSubmit={noop} busy={false} error={null} />
          </ResetCard>,
        ) +
        template("code", part("c", codeStep(undefined))) +
        done +
        island(scriptTexts(lng, "reset"));
      break;
    case "reset-password-link":
      // the token is the page's own (its script reads it from the address): any text stands for it here
      html = part("p", <ResetCard>{codeStep("link")}</ResetCard>) + done + island(scriptTexts(lng, "reset"));
      break;
  }
  return inert(html + eyes);
}

/** Every page in the four languages, English first (the copy shown when no script runs). */
export function renderGuestPages(): { name: GuestPageName; copies: { lng: Language; html: string }[] }[] {
  return (Object.keys(GUEST_PAGES) as GuestPageName[]).map((name) => ({
    name,
    copies: (["en", "vi", "ru", "zh"] as const).map((lng) => ({ lng, html: renderGuestPage(name, lng) })),
  }));
}
