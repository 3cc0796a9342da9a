// Writes dist/client/guest/<page>.html: the sign-in, sign-up and password-reset pages a guest's page load gets
// (worker/http/guest-page.ts), pre-rendered like the landing page so they paint at once, without the SPA's framework
// (~135 kB of script before the form, Lighthouse mobile LCP 2.2–2.4 s). After the client build has written its files:
//   - the pages' script, web/src/features/auth/prerendered/guest-page.ts, is built as an entry of its own (a second,
//     small rolldown build into dist/client/assets: it shares the SPA's validation, texts and session modules, not
//     its chunks, so neither the SPA's chunks nor this script carry the other's code);
//   - the SPA's own components are rendered through Vite's SSR loader in the four languages
//     (web/src/features/auth/prerendered/guest-prerender.tsx);
//   - each page is the built index.html with the CSS its components use inline and that one module script
//     (scripts/prerender-page.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OutputBundle, RolldownOutput } from "rolldown";
import { type AliasOptions, type Plugin, build } from "vite";
import { pageStylesheets, staticPage, withSsrLoader } from "./prerender-page";

const NAME = "prerender-guest-pages";

/** The pages (guest-contract.ts GUEST_PAGES) and the module whose chunk holds each one's components and CSS. */
export const PAGE_MODULES: Record<string, RegExp> = {
  login: /web[\\/]src[\\/]features[\\/]auth[\\/]auth-page\.tsx$/,
  register: /web[\\/]src[\\/]features[\\/]auth[\\/]auth-page\.tsx$/,
  "reset-password": /web[\\/]src[\\/]features[\\/]auth[\\/]reset-password-page\.tsx$/,
  "reset-password-link": /web[\\/]src[\\/]features[\\/]auth[\\/]reset-password-page\.tsx$/,
};

/** The addresses these pages answer: wrangler.toml's run_worker_first must list them (a unit test holds it to it). */
export const GUEST_PAGE_PATHS = ["/login", "/register", "/reset-password"];

/**
 * The page's own style: the copy in <html lang>'s language shows (the boot script sets it before the first paint;
 * English when it names none of ours), the others are hidden (and set aside by the script); a button that waits for
 * the script looks as it will once enabled.
 */
export const GUEST_PAGE_CSS = [
  ".guest-copy{display:none}",
  ':root[lang="vi"] .guest-copy[lang="vi"],:root[lang="ru"] .guest-copy[lang="ru"],:root[lang="zh"] .guest-copy[lang="zh"],',
  ':root:not([lang="vi"],[lang="ru"],[lang="zh"]) .guest-copy[lang="en"]{display:contents}',
  "button[data-inert]:disabled{opacity:1;cursor:pointer}",
].join("");

type Copy = { lng: string; html: string };

/** One page: index.html with the CSS inline, the script, and its four copies in #root (English first). */
export function guestPageHtml(template: string, page: { name: string; css: string; script: string; copies: Copy[] }) {
  const body = page.copies
    .map((c) => `<div class="guest-copy" lang="${c.lng}" data-page="${page.name}">${c.html}</div>`)
    .join("");
  return staticPage(
    template,
    { css: `${GUEST_PAGE_CSS}\n${page.css}`, head: `<script type="module" src="/${page.script}"></script>`, body },
    NAME,
  );
}

/** The built script's entry file (assets/guest-page-<hash>.js) in a build's output. */
export function entryFile(output: RolldownOutput | RolldownOutput[]): string {
  const outputs = Array.isArray(output) ? output : [output];
  const entry = outputs.flatMap((o) => o.output).find((o) => o.type === "chunk" && o.isEntry);
  if (!entry) throw new Error(`${NAME}: the pages' script built no entry chunk`);
  return entry.fileName;
}

/** Builds the pages' script into `outDir`/assets, minified, with the SPA's aliases; returns its entry's file name. */
async function buildScript(opts: { root: string; entry: string; alias: AliasOptions; outDir: string }) {
  const output = await build({
    configFile: false,
    root: opts.root,
    logLevel: "warn",
    mode: "production",
    publicDir: false,
    resolve: { alias: opts.alias },
    build: {
      outDir: opts.outDir,
      emptyOutDir: false,
      // Every browser the app supports preloads modules natively, and the script's only lazy chunks (the social
      // sign-in, the error texts) load after a click: no preload helper.
      modulePreload: false,
      rolldownOptions: {
        input: { "guest-page": opts.entry },
        output: {
          entryFileNames: "assets/[name]-[hash].js",
          chunkFileNames: "assets/guest-[name]-[hash].js",
        },
      },
    },
  });
  return entryFile(output as RolldownOutput | RolldownOutput[]);
}

export function prerenderGuestPagesPlugin(opts: {
  /** web/ (the SPA's Vite root). */
  root: string;
  /** The pages' script (web/src/features/auth/prerendered/guest-page.ts). */
  entry: string;
  /** The module exporting renderGuestPages() (web/src/features/auth/prerendered/guest-prerender.tsx). */
  prerenderModule: string;
  /** The SPA's resolve.alias, so the script and the render resolve modules as the SPA's build did. */
  alias: AliasOptions;
}): Plugin {
  return {
    name: `may:${NAME}`,
    apply: "build",
    // After the client build has written dist/client (the template and the CSS files are read from the bundle).
    async writeBundle(options, bundle: OutputBundle) {
      if (this.environment.name !== "client") return;
      const dir = options.dir ?? "";
      const html = bundle["index.html"];
      if (html?.type !== "asset") throw new Error(`${NAME}: the client build wrote no index.html`);
      const script = await buildScript({ ...opts, outDir: dir });
      const pages: { name: string; copies: Copy[] }[] = await withSsrLoader(opts, async (server) =>
        (await server.ssrLoadModule(opts.prerenderModule)).renderGuestPages(),
      );
      mkdirSync(join(dir, "guest"), { recursive: true });
      for (const page of pages) {
        const module = PAGE_MODULES[page.name];
        if (!module) throw new Error(`${NAME}: no stylesheet rule for the page "${page.name}"`);
        const css = pageStylesheets(bundle, [module], NAME)
          .map((file) => readFileSync(join(dir, file), "utf8").trim())
          .join("\n");
        writeFileSync(
          join(dir, "guest", `${page.name}.html`),
          guestPageHtml(String(html.source), { name: page.name, css, script, copies: page.copies }),
        );
      }
    },
  };
}
