// One Vite config for the whole product: the SPA (root web/) and, through @cloudflare/vite-plugin, the Worker with
// its D1, R2 and Durable Object bindings. `vite dev` serves both on one port with hot reload; `vite build` writes the
// SPA to dist/client (wrangler.toml's [assets] directory) and the Worker bundle beside it.
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, defineConfig } from "vite";
import { chunkRule } from "./scripts/chunk-rule";
import { inlineBootScriptPlugin } from "./scripts/inline-boot-script-plugin";
import { prerenderGuestPagesPlugin } from "./scripts/prerender-guest-pages-plugin";
import { prerenderLandingPlugin } from "./scripts/prerender-landing-plugin";
import { serviceWorkerPlugin } from "./scripts/service-worker-plugin";

const repo = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The entry chunk, the framework chunk, rolldown's runtime and their stylesheets, which index.html loads. */
const LOADED_FIRST = /^assets\/(index|framework|rolldown-runtime)-[\w-]{8}\.(js|css)$/;

/** Where each module of the SPA loads, by its folder (scripts/chunk-rule.ts). */
const chunkOf = chunkRule(repo("./"));

const alias = [
  // React 19 has useSyncExternalStore: the shim's fallback for older React need not ship (see the module).
  { find: /^use-sync-external-store\/shim$/, replacement: repo("./web/src/lib/use-sync-external-store-shim.ts") },
  // lowlight's entry also re-exports its bundles of grammars (`all`: ~190 of them, ~250 kB gzip), which the bundler
  // then keeps with createLowlight; the app registers each grammar on first use (markdown/code/languages.ts), so it
  // takes createLowlight from its own module.
  { find: /^lowlight$/, replacement: repo("./node_modules/lowlight/lib/index.js") },
];

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
    // the SPA's bundle only: the Worker renders shared chats with marked's own HTML renderer (worker/shares/)
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!/node_modules[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return null;
      // only the app's own marked: mermaid brings its own copy (node_modules/mermaid/node_modules/marked) and uses its
      // HTML renderer
      if ((id.match(/node_modules/g) ?? []).length > 1) return null;
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
    modulePreload: {
      // Every browser the app supports preloads modules natively (<link rel="modulepreload">): Vite's polyfill for
      // older ones would cost every page ~0.3 kB of gzip in the entry chunk.
      polyfill: false,
      // What a lazy import preloads leaves out the files every page has before any lazy import can run (the entry
      // chunk, the framework, rolldown's runtime, and the stylesheets index.html links): Vite names them in every
      // lazy import's list, which cost the entry and signed-in chunks ~0.1 kB of gzip for nothing. A chunk wrongly
      // left out would only load a moment later, when the module that imports it runs.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "js" ? deps.filter((dep) => !LOADED_FIRST.test(dep)) : deps,
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // What every page needs (React, the router, i18next, jotai, valibot) in one chunk, what the signed-in
            // screens add (React Query, the virtualizer, the chat screens) in another, and the lazy screens (plans,
            // help, the library) one chunk each, as scripts/chunk-rule.ts places them by folder: fewer requests, and
            // gzip compresses each better than the same code spread over many small chunks (~3.5 kB less per page).
            // A lazy screen in one chunk also keeps its file names out of the route tree every page loads.
            codeSplitting: {
              groups: [
                // The framework takes what its libraries import, too.
                { name: (id, graph) => (chunkOf(id, graph) === "framework" ? "framework" : null) },
                // Only what the rule names: shared code (icons, dialogs) stays where the sign-in page can get it alone.
                {
                  name: (id, graph) => {
                    const chunk = chunkOf(id, graph);
                    return chunk === "framework" ? null : chunk;
                  },
                  includeDependenciesRecursively: false,
                },
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
    // It also precaches the signed-in layout and the new chat, for a guest signing in on a pre-rendered page.
    serviceWorkerPlugin({
      source: repo("./web/sw/sw.js"),
      wranglerToml: repo("./wrangler.toml"),
      screens: [
        /web[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component/,
        /features[\\/]chat[\\/]on-demand[\\/]empty-state\.tsx$/,
        // the new chat's suggestions, a namespace of their own, in each language
        /locales[\\/]suggestions[\\/](vi|en|ru|zh)\.json$/,
      ],
    }),
    // dist/client/landing.html: the guest landing page pre-rendered in four languages (served at '/' by the Worker).
    prerenderLandingPlugin({
      root: repo("./web"),
      prerenderModule: repo("./web/src/features/landing/landing-prerender.tsx"),
      packagesModule: repo("./worker/plans/packages.ts"),
      alias,
    }),
    // dist/client/guest/*.html: sign-in, sign-up and password reset pre-rendered in four languages, with their own small
    // script (served to guests' page loads of /login, /register and /reset-password by the Worker).
    prerenderGuestPagesPlugin({
      root: repo("./web"),
      entry: repo("./web/src/features/auth/prerendered/guest-page.ts"),
      prerenderModule: repo("./web/src/features/auth/prerendered/guest-prerender.tsx"),
      alias,
    }),
    cloudflare({
      configPath: repo("./wrangler.toml"),
      // Share wrangler's local state, so `wrangler d1 migrations apply DB --local` prepares the dev database too.
      persistState: { path: repo("./.wrangler/state") },
    }),
  ],
});
