// Build-time only (never part of the SPA's bundle): renders LandingPage to HTML in each of the four languages for the
// static landing page (dist/client/landing.html, assembled by scripts/prerender-landing-plugin.ts, which loads this
// module through Vite's SSR loader). Each language gets its own i18next instance with its texts (main and landing
// namespaces, English as the fallback), a small memory router so <Link> can build /login and /register, and its
// own useId prefix so ids stay unique across the four copies in one document.
import {
  RouterContextProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from "@tanstack/react-router";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import en from "../../../../locales/en.json";
import ru from "../../../../locales/ru.json";
import vi from "../../../../locales/vi.json";
import zh from "../../../../locales/zh.json";
import landingEn from "../../../../locales/landing/en.json";
import landingRu from "../../../../locales/landing/ru.json";
import landingVi from "../../../../locales/landing/vi.json";
import landingZh from "../../../../locales/landing/zh.json";
import { LANGUAGES, type Language } from "../../lib/i18n";
import type { Packages } from "../plans/prices/pricing";
import { LANDING_NS } from "./landing-i18n";
import { LandingPage } from "./landing-page";

const MAIN: Record<Language, object> = { vi, en, ru, zh };
const LANDING: Record<Language, object> = { vi: landingVi, en: landingEn, ru: landingRu, zh: landingZh };

/** The only places the landing page links to; any other target would fail to build its href. */
function linkRouter() {
  const root = createRootRoute();
  const routeTree = root.addChildren(
    ["/login", "/register"].map((path) => createRoute({ getParentRoute: () => root, path })),
  );
  return createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/"] }) });
}

function texts(lng: Language) {
  const i18n = createInstance();
  void i18n.init({
    lng,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    ns: ["translation", LANDING_NS],
    defaultNS: "translation",
    resources: Object.fromEntries(
      [...new Set([lng, "en" as const])].map((l) => [l, { translation: MAIN[l], [LANDING_NS]: LANDING[l] }]),
    ),
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false, // resources are given: ready at once, so the render below sees the texts
  });
  return i18n;
}

/** The landing page's HTML in one language, with the given prices. */
export function renderLanding(lng: Language, packages: Packages): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={texts(lng)}>
      <RouterContextProvider router={linkRouter()}>
        <LandingPage packages={packages} />
      </RouterContextProvider>
    </I18nextProvider>,
    { identifierPrefix: `${lng}-` },
  );
}

/** The four languages' renders, English first (the copy shown when no script runs). */
export function renderLandingCopies(packages: Packages): { lng: Language; html: string }[] {
  return (["en", "vi", "ru", "zh"] as const).map((lng) => ({ lng, html: renderLanding(lng, packages) }));
}
