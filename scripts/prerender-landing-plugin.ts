// Writes dist/client/landing.html, the guest landing page served pre-rendered at '/' (worker/http/landing-page.ts): a
// guest's first visit shows the headline and the prices without downloading or running the SPA's framework (Lighthouse
// mobile counted ~600 ms of script at 4× CPU before the headline). After the client build has written its files, the
// same React component the SPA shows (web/src/features/landing/landing-page.tsx) is rendered through Vite's SSR module
// loader in the four languages, with the packages taken from the worker's own data (worker/plans/packages.ts, so no
// request is needed for the prices). The built index.html is the template, so the inline boot script and its CSP hash
// stay as they are; the SPA's module script, preloads and stylesheet links go, the CSS the landing page uses is
// inlined (no render-blocking request), and one small deferred script (web/public/landing.js) does the rest.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import type { OutputBundle, OutputChunk } from "rolldown";
import { type AliasOptions, type Plugin, createServer } from "vite";

type Copy = { lng: string; html: string };
type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The SPA's landing page module: its chunk (and what that chunk imports statically) holds the CSS to inline. */
const LANDING_MODULE = /web[\\/]src[\\/]features[\\/]landing[\\/]landing-page\.tsx$/;
/** The template's app shell, replaced by the four renders. */
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;

/** The stylesheets of the entry chunk and of the landing page's chunk, each with the chunks they import statically. */
export function landingCss(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((o): o is ChunkWithCss => o.type === "chunk");
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ChunkWithCss) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const dep of chunk.imports) {
      const next = byName.get(dep);
      if (next) visit(next);
    }
  };
  const entry = chunks.find((c) => c.isEntry);
  const landing = chunks.find((c) => c.moduleIds.some((id) => LANDING_MODULE.test(id)));
  if (!entry || !landing)
    throw new Error("prerender-landing: the client build has no entry chunk or no landing page chunk");
  visit(entry);
  visit(landing);
  return [...css];
}

/** index.html turned into the static landing page: no SPA scripts, the CSS inline, the four copies in #root. */
export function landingHtml(template: string, css: string, copies: Copy[]): string {
  if (!ROOT.test(template)) throw new Error('prerender-landing: index.html has no <div id="root"> shell to replace');
  if (css.includes("</style")) throw new Error("prerender-landing: a stylesheet contains </style>");
  const body = copies.map((c) => `<div class="landing-copy" lang="${c.lng}">${c.html}</div>`).join("");
  return (
    template
      .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
      .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*>/g, "")
      // The shell's comment describes the SPA's first paint, not this page.
      .replace(/\s*<!-- The app shell's first paint[\s\S]*?-->/, "")
      .replace("</head>", `  <style>${css}</style>\n    <script src="/landing.js" defer></script>\n  </head>`)
      .replace(ROOT, () => `<div id="root">${body}</div>`)
  );
}

export function prerenderLandingPlugin(opts: {
  /** web/ (the SPA's Vite root). */
  root: string;
  /** The module exporting renderLandingCopies(packages) (web/src/features/landing/landing-prerender.tsx). */
  prerenderModule: string;
  /** The worker's package list (worker/plans/packages.ts, exporting packagesResponse()). */
  packagesModule: string;
  /** The SPA's resolve.alias, so the render resolves modules as the build did. */
  alias: AliasOptions;
}): Plugin {
  return {
    name: "may:prerender-landing",
    apply: "build",
    // After the client build has written dist/client (the template and the CSS files are read from the bundle).
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client") return;
      const dir = options.dir ?? "";
      const html = bundle["index.html"];
      if (html?.type !== "asset") throw new Error("prerender-landing: the client build wrote no index.html");
      const css = landingCss(bundle)
        .map((file) => readFileSync(join(dir, file), "utf8").trim())
        .join("\n");
      const server = await createServer({
        configFile: false,
        root: opts.root,
        logLevel: "warn",
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        plugins: [react()],
        resolve: { alias: opts.alias },
      });
      let copies: Copy[];
      try {
        const { packagesResponse } = await server.ssrLoadModule(opts.packagesModule);
        const { renderLandingCopies } = await server.ssrLoadModule(opts.prerenderModule);
        copies = renderLandingCopies(packagesResponse());
      } finally {
        await server.close();
      }
      writeFileSync(join(dir, "landing.html"), landingHtml(String(html.source), css, copies));
    },
  };
}
