// The SPA's entry: React Query and the router start while the language's texts load; the first render waits for them.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApiError } from "./lib/api";
import { initI18n } from "./lib/i18n";
import { routeTree } from "./routeTree.gen";
import "./styles/theme.css";
import "./styles/base.css";

const i18nReady = initI18n();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers are final; network trouble and 5xx get two more tries
      retry: (failures, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: false,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// Rendered even if the locale could not load (offline): i18next then shows keys rather than a blank page.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
