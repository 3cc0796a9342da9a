// The SPA's entry: React Query and the router start while the language's texts load; the first render waits for them.
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { getStoredUser } from "./features/auth/every-page/session";
import { initI18n } from "./lib/i18n";
import { routeTree } from "./routeTree.gen";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/chat-preview.css";

const i18nReady = initI18n();

// React Query loads with the signed-in screens (lib/signed-in/query-client.ts), not with the entry.
const loadQueryClient = () => import("./lib/signed-in/query-client").then((m) => m.queryClient);

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

// The first route's matching, guards and code start loading in a task of their own while the texts load, so the first
// render finds them under way instead of running them inside its commit (one long task on a phone).
const routeStarted = new Promise<void>((resolve) =>
  setTimeout(() => {
    void router.load().catch(() => undefined);
    resolve();
  }, 0),
);

// Rendered even if the locale could not load (offline): i18next then shows keys rather than a blank page. In its own
// task too: when the texts are there already, the render would otherwise run right after the router's work. As a
// transition, so React builds the first tree in slices it can pause, not in one task.
void Promise.all([i18nReady.catch(() => undefined), routeStarted]).then(() =>
  setTimeout(() => {
    const root = createRoot(document.getElementById("root")!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    );
  }),
);
