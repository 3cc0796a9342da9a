// What the pre-rendered pages' build plugins share (the guest landing page: prerender-landing-plugin.ts; sign-in,
// sign-up and reset: prerender-guest-pages-plugin.ts): the stylesheets a page's components use, read from the client
// build's own bundle; the built index.html turned into a static page (the inline boot script and its CSP hash kept, the
// SPA's scripts, preloads and stylesheet links gone, the CSS inline); and the SPA's modules loaded in Node through
// Vite's SSR loader, to render them.
import react from "@vitejs/plugin-react";
import type { OutputBundle, OutputChunk } from "rolldown";
import { type AliasOptions, type ViteDevServer, createServer } from "vite";

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The template's app shell, replaced by the page's copies. */
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;

/**
 * The stylesheets of the entry chunk and of the chunks holding `modules` (the page's components), each with the chunks
 * they import statically. `name` says which plugin asks, in its errors.
 */
export function pageStylesheets(bundle: OutputBundle, modules: RegExp[], name: string): string[] {
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
  if (!entry) throw new Error(`${name}: the client build has no entry chunk`);
  visit(entry);
  for (const module of modules) {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
    if (!chunk) throw new Error(`${name}: no chunk of the client build holds ${module}`);
    visit(chunk);
  }
  return [...css];
}

/** index.html turned into a static page: no SPA scripts, `css` inline, `head` added, `body` in #root. */
export function staticPage(template: string, page: { css: string; head: string; body: string }, name: string): string {
  if (!ROOT.test(template)) throw new Error(`${name}: index.html has no <div id="root"> shell to replace`);
  if (page.css.includes("</style")) throw new Error(`${name}: a stylesheet contains </style>`);
  return (
    template
      .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
      .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*>/g, "")
      // The shell's comment describes the SPA's first paint, not this page.
      .replace(/\s*<!-- The app shell's first paint[\s\S]*?-->/, "")
      .replace("</head>", `  <style>${page.css}</style>\n    ${page.head}\n  </head>`)
      .replace(ROOT, () => `<div id="root">${page.body}</div>`)
  );
}

/** Runs `work` with a Vite server that loads the SPA's modules (root web/, the build's aliases) to render in Node. */
export async function withSsrLoader<T>(
  opts: { root: string; alias: AliasOptions },
  work: (server: ViteDevServer) => Promise<T>,
): Promise<T> {
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
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}
