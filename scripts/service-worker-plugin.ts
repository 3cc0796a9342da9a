// Builds the service worker (web/sw/sw.js → dist/client/sw.js) from the client build's own output: the precache list
// is the shell — "/" (index.html), the entry chunk with every chunk and stylesheet it imports statically, the four
// main locale files (the first render waits for one) and the public files the page loads — and the signed-in app's
// first screen (the layout's chunks and the new chat's, with what they import statically), so a guest who signs in on
// a pre-rendered page (landing, sign-in, sign-up) finds the chat's files cached by the time the form is sent. The paths
// the service worker must leave alone are wrangler.toml's run_worker_first list (the API, auth, media, socket...), so a
// new API path is never cached by mistake; among them the guest pages (/login, /register, /reset-password), whose page
// loads the Worker answers with their pre-rendered page for a guest (or the SPA for a signed-in visitor) from the
// network. The version is a hash of the precache list: a new build installs a new worker.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { OutputBundle, OutputChunk } from "rolldown";
import type { Plugin } from "vite";

/** Files of web/public the first page loads, cached with the shell. */
const PUBLIC_SHELL = ["/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"];

/** wrangler.toml's run_worker_first patterns ("/api/*", "/ws", ...). */
export function workerFirstPaths(wranglerToml: string): string[] {
  const list = /run_worker_first\s*=\s*\[([\s\S]*?)\]/.exec(wranglerToml)?.[1];
  if (!list)
    throw new Error("wrangler.toml has no run_worker_first list: the service worker cannot know the API's paths");
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

/**
 * "/" plus the entry chunk, its static imports and their CSS, the main locale chunks, every chunk holding a module of
 * `screens` (the signed-in app's first screen) with its static imports and CSS, and the public shell files.
 */
export function shellFiles(bundle: OutputBundle, screens: RegExp[] = []): string[] {
  const files = new Set<string>(["/"]);
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === "chunk");
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const visit = (chunk: OutputChunk) => {
    if (files.has(`/${chunk.fileName}`)) return;
    files.add(`/${chunk.fileName}`);
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      ?.importedCss ?? [])
      files.add(`/${css}`);
    for (const dep of chunk.imports) {
      const next = byName.get(dep);
      if (next) visit(next);
    }
  };
  for (const chunk of chunks) {
    if (chunk.isEntry) visit(chunk);
    if (chunk.facadeModuleId && /[\\/]locales[\\/](vi|en|ru|zh)\.json$/.test(chunk.facadeModuleId)) visit(chunk);
  }
  for (const screen of screens) {
    const holding = chunks.filter((c) => c.moduleIds.some((id) => screen.test(id)));
    if (!holding.length) throw new Error(`service worker: no chunk of the client build holds ${screen}`);
    for (const chunk of holding) visit(chunk);
  }
  for (const file of PUBLIC_SHELL) files.add(file);
  return [...files];
}

export function serviceWorkerPlugin(opts: {
  source: string;
  wranglerToml: string;
  /** Modules of the signed-in app's first screen, whose chunks are precached with the shell. */
  screens?: RegExp[];
}): Plugin {
  return {
    name: "may:service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const precache = shellFiles(bundle, opts.screens);
      const workerPaths = workerFirstPaths(readFileSync(opts.wranglerToml, "utf8"));
      const version = createHash("sha256").update(JSON.stringify(precache)).digest("hex").slice(0, 12);
      const source = readFileSync(opts.source, "utf8")
        .replace('"__SW_VERSION__"', JSON.stringify(version))
        .replace("__SW_PRECACHE__", JSON.stringify(precache))
        .replace("__SW_WORKER_PATHS__", JSON.stringify(workerPaths));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}
