// The SPA's entry: React Query and the router start while the language's texts load; the first render waits for them.
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { getStoredUser } from "./features/auth/session";
import { initI18n } from "./lib/i18n";
import { routeTree } from "./routeTree.gen";
import "./styles/theme.css";
import "./styles/base.css";

const i18nReady = initI18n();

// React Query loads with the signed-in screens (lib/query-client.ts), not with the entry.
const loadQueryClient = () => import("./lib/query-client").then((m) => m.queryClient);

const router = createRouter({
  routeTree,
  context: { queryClient: loadQueryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// A guest opening '/' gets the landing page: its chunk (which starts its texts) loads beside the main texts, not after.
if (location.pathname === "/" && !getStoredUser()) void router.preloadRoute({ to: "/welcome" }).catch(() => undefined);

// The installable app's service worker (web/sw/sw.js): production builds only, so `vite dev` never serves stale files.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  addEventListener("load", () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined));
}

// Rendered even if the locale could not load (offline): i18next then shows keys rather than a blank page.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
