// One Vite config for the whole product: the SPA (root web/) and, through @cloudflare/vite-plugin, the Worker with
// its D1, R2 and Durable Object bindings. `vite dev` serves both on one port with hot reload; `vite build` writes the
// SPA to dist/client (wrangler.toml's [assets] directory) and the Worker bundle beside it.
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, defineConfig } from "vite";
import { inlineBootScriptPlugin } from "./scripts/inline-boot-script-plugin";
import { prerenderLandingPlugin } from "./scripts/prerender-landing-plugin";
import { serviceWorkerPlugin } from "./scripts/service-worker-plugin";

const repo = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const alias = [
  // React 19 has useSyncExternalStore: the shim's fallback for older React need not ship (see the module).
  { find: /^use-sync-external-store\/shim$/, replacement: repo("./web/src/lib/use-sync-external-store-shim.ts") },
];

/** Chat and history modules loaded on first use (editing, the model menu, find in chat, the search screen, changes to the
 * history): their own chunks, so no page pays for them before they are used. */
const LATER_CHAT =
  "citations\\.tsx|answer-turn|image-turn|turn-runner|turn-usage|send-message|stream-reader|edit-actions|find-bar|find-highlights|follow-answer|message-editor|regenerate-menu|search-quota-notice|message-tools|empty-state|edited-note";
const LATER_HISTORY =
  "search-screen|group-search-results|highlight|history-search\\.queries|use-debounced|rename-dialog|history-changes";
/** What only the signed-in screens load: React Query (without its mutation hooks, which only settings-like screens use), the virtualizer, the socket client, the chat routes' components, and the app's code for them (not the sidebar's folded groups, which load when opened; with the small
 * always-loaded doors of image mode and attachments; the rest of those features loads on use) (scripts only: a
 * stylesheet shared with the sign-in page must not tie it to this chunk; the answers' markdown renderer stays apart,
 * it loads when an answer needs it; so do the switch away from a used-up model and the usage warnings' wording, which
 * load when a model runs out or a warning shows). */
const SIGNED_IN = new RegExp(
  String.raw`node_modules[\\/](@tanstack[\\/](query-core|react-query)[\\/](?![^?]*(mutationObserver|useMutation)\.js)|virtua[\\/]|partysocket[\\/])|web[\\/]src[\\/](lib[\\/]query-client|features[\\/](auth[\\/]auth\.queries|experts[\\/](?!experts-menu)|chat[\\/](?!markdown[\\/]|startup|${LATER_CHAT})|history[\\/](?!${LATER_HISTORY})|models[\\/](?!model-menu|model-switch\.|usage-warning\.)|layout[\\/](?!route-fallbacks|sidebar-more)|socket[\\/](use-user-socket|socket-client)|images[\\/](image-mode\.atoms|media-icons|generated-image|header-buttons)|attachments[\\/](attachments-entry|attachments\.atoms)|ui[\\/](use-dismiss|dialog-on-demand)|notifications[\\/](notification-bell|feeds\.queries|feeds-seen|notifications\.atoms))|lib[\\/]ids)[^?]*\.tsx?$|worker[\\/]protocol[\\/](rules|api|socket|settings|feeds)\.ts$|web[\\/]src[\\/]routes[\\/]_app(\.tsx|[\\/](index|c\.\$chatId)\.tsx)\?tsr-split=component$`,
);

/** The upgrade and affiliate screens, loaded only when one of them opens. The price logic and the package list's
 * schema stay out: the guest landing page shows the prices too, and must not fetch the whole plans chunk for them. */
const PLANS =
  /web[\\/]src[\\/](features[\\/](plans|affiliate)[\\/](?!pricing\.ts)[^?]*\.(tsx?|css)$|routes[\\/]_app[\\/](upgrade|affiliate)\.tsx\?tsr-split=component)/;

/** The help/FAQ/changelog and blog pages with their shared parts: one lazy chunk for both routes (fewer file names
 * in the route tree every page loads). */
const HELP =
  /web[\\/]src[\\/](features[\\/]help[\\/][^?]*\.(tsx?|css)$|routes[\\/]_app[\\/](help|blog)\.tsx\?tsr-split=component)/;

/** What the landing page and the upgrade page share to show prices: the price logic and the package list's schema. */
const PRICES = /web[\\/]src[\\/]features[\\/]plans[\\/]pricing\.ts$|worker[\\/]protocol[\\/]packages\.ts$/;

/** The prompt library, the notification panel and the feed pages, loaded only when one of them opens (the header's
 * bell is their signed-in door). */
const LIBRARY =
  /web[\\/]src[\\/](features[\\/](prompts[\\/]|notifications[\\/](?!notification-bell|feeds\.queries|feeds-seen|notifications\.atoms))[^?]*\.(tsx?|css)$|routes[\\/]_app[\\/](prompts|promotions|store|news)\.tsx\?tsr-split=component)|worker[\\/]protocol[\\/]prompts\.ts$/;

/** The libraries every page of the SPA loads, with the app's own core (API client, storage, wire shapes). */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](router-core|react-router|history|store|react-store)|i18next|react-i18next|i18next-resources-to-backend|use-sync-external-store|jotai|valibot)[\\/]|web[\\/]src[\\/]lib[\\/](api|storage|error-message)\.ts|worker[\\/]protocol[\\/](resources|errors)\.ts|features[\\/]auth[\\/](auth\.api|session|auth\.schemas)\.ts/;

/**
 * marked's bundle ends with its ready-made `marked` instance (the Marked class, the HTML Parser and Renderers, Hooks),
 * built at import time, so none of it can be tree-shaken, though the app only uses the Lexer (answers are rendered by
 * render-tokens.tsx, not by marked's HTML renderer). This drops that instance's setup and the exports that need it
 * (~3 kB gzip off the open chat). If marked's bundle ever changes shape the file is left as it is (and the size test
 * shows the loss); importing a dropped export fails the build, so nothing can break silently.
 */
function markedLexerOnly(): Plugin {
  const KEEP = new Set(["Lexer", "Tokenizer", "defaults", "getDefaults", "lexer"]);
  return {
    name: "may:marked-lexer-only",
    apply: "build",
    transform(code, id) {
      if (!/node_modules[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return null;
      // The tail starts where the HTML Renderer's class is declared: `var <name>=class{options;parser;`.
      const tail = /var [\w$]+=class\{options;parser;constructor/.exec(code);
      const exported = /export\{([^}]*)\};?\s*(\/\/# sourceMappingURL=.*)?\s*$/.exec(code);
      if (!tail || !exported || tail.index > exported.index) {
        this.warn("marked's bundle changed shape: it is kept whole");
        return null;
      }
      const kept = exported[1]
        .split(",")
        .map((pair) => pair.trim())
        .filter((pair) => KEEP.has(pair.split(" as ").at(-1)!.trim()));
      // `lexer` was the Lexer's static lex, defined in the dropped tail: define it again.
      const lexer = /([\w$]+) as lexer/.exec(exported[1])?.[1];
      const lexerLine = lexer ? `var ${lexer}=${/([\w$]+) as Lexer/.exec(exported[1])![1]}.lex;` : "";
      return { code: `${code.slice(0, tail.index)}${lexerLine}export{${kept.join(",")}};\n`, map: null };
    },
  };
}

export default defineConfig({
  root: repo("./web"),
  // The SPA imports locales/*.json and worker/protocol/*.ts from outside web/.
  server: { fs: { allow: [repo("./")] } },
  resolve: { alias },
  build: {
    outDir: repo("./dist"),
    emptyOutDir: true,
    // Every browser the app supports preloads modules natively (<link rel="modulepreload">): Vite's polyfill for
    // older ones would cost every page ~0.3 kB of gzip in the entry chunk.
    modulePreload: { polyfill: false },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // What every page needs (React, the router, i18next, jotai, valibot) in one chunk, and what the signed-in
            // screens add (React Query, the virtualizer) in another: fewer requests, and gzip compresses each better
            // than the same code spread over many small chunks (~3.5 kB less per page).
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK },
                // Only what the pattern names: shared code (icons, dialogs) stays where the sign-in page can get it alone.
                { name: "signed-in", test: SIGNED_IN, includeDependenciesRecursively: false },
                // The plans, payment and affiliate screens (their routes' components, features and wire shapes) in one
                // lazy chunk: each file name in it would otherwise be listed in the route tree every page loads.
                { name: "plans", test: PLANS, includeDependenciesRecursively: false },
                { name: "help", test: HELP, includeDependenciesRecursively: false },
                { name: "prices", test: PRICES, includeDependenciesRecursively: false },
                // The prompt library, the notification panel and the feed pages: one lazy chunk, for the same reason.
                { name: "library", test: LIBRARY, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    // Must run before the React plugin: it turns web/src/routes into web/src/routeTree.gen.ts.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: repo("./web/src/routes"),
      generatedRouteTree: repo("./web/src/routeTree.gen.ts"),
    }),
    react(),
    markedLexerOnly(),
    // web/theme-init.js inside index.html, allowed by its hash in the built _headers' CSP.
    inlineBootScriptPlugin({ source: repo("./web/theme-init.js") }),
    // dist/client/sw.js: the installable app's service worker (registered by main.tsx in production builds only).
    serviceWorkerPlugin({ source: repo("./web/sw/sw.js"), wranglerToml: repo("./wrangler.toml") }),
    // dist/client/landing.html: the guest landing page pre-rendered in four languages (served at '/' by the Worker).
    prerenderLandingPlugin({
      root: repo("./web"),
      prerenderModule: repo("./web/src/features/landing/landing-prerender.tsx"),
      packagesModule: repo("./worker/plans/packages.ts"),
      alias,
    }),
    cloudflare({
      configPath: repo("./wrangler.toml"),
      // Share wrangler's local state, so `wrangler d1 migrations apply DB --local` prepares the dev database too.
      persistState: { path: repo("./.wrangler/state") },
    }),
  ],
});
