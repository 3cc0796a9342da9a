// Puts the boot script (web/theme-init.js: the stored theme and language before the first paint) inside index.html
// instead of loading it as a file: a blocking script in <head> that is a separate request holds the first paint back by
// a round trip on a slow phone network (Lighthouse counted ~320 ms on the landing page). The CSP stays strict: the
// built _headers (copied from web/public) allows exactly this script by its SHA-256 hash, computed here from the same
// text, so an edit of the script can never leave it blocked.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { CHAT_STYLES_META } from "../worker/protocol/page-meta";

/** The tag web/index.html carries where the script goes. */
const PLACEHOLDER = '<script src="/theme-init.js"></script>';
/** The CSP's script source list in web/public/_headers, to which the hash is added. */
const SCRIPT_SRC = "script-src 'self'";

/** The script as inlined: its comment lines dropped (they explain the file, not the page). */
export function bootScript(source: string): string {
  return readFileSync(source, "utf8")
    .replace(/^\s*\/\/.*\n/gm, "")
    .trim();
}

/** The CSP source that allows `code` as an inline script. */
export const cspHash = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;

/** Where the boot script lists the files a signed-in page loads later; the build writes their names in. */
const LATER = "var later = { signedIn: [], chat: [], lang: {} };";
/**
 * The chunks it fetches at once for a signed-in user (scripts/chunk-rule.ts; `_app` is the signed-in layout's route,
 * language-select the sidebar's), and those a chat adds, each with its stylesheets; and the app's main texts in the
 * page's language.
 */
const LATER_CHUNKS = { signedIn: ["signed-in", "_app", "language-select"], chat: ["streaming-markdown"] } as const;
/** The module of the app's main texts in each language (web/src/lib/i18n.ts loads it as its own chunk). */
const MAIN_TEXTS = /\/locales\/(vi|en|ru|zh)\.json$/;

interface BundleItem {
  type: string;
  name?: string;
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss: Set<string> };
  /** A built asset's content (a stylesheet's CSS). */
  source?: string | Uint8Array;
}

/** The files of the LATER_CHUNKS the build wrote, and the main texts per language (none while serving the source). */
function laterFiles(bundle: Record<string, BundleItem> | undefined) {
  const chunks = Object.entries(bundle ?? {}).filter(([file, out]) => out.type === "chunk" && file.endsWith(".js"));
  const filesOf = (names: readonly string[]) => {
    const found = chunks.filter(([, out]) => names.includes(out.name ?? ""));
    if (bundle && found.length < names.length) throw new Error(`the build has no chunk named ${names.join(" or ")}`);
    const files = found.flatMap(([file, out]) => [file, ...(out.viteMetadata?.importedCss ?? [])]);
    return [...new Set(files)].map((file) => `/${file}`).sort();
  };
  const lang: Record<string, string> = {};
  for (const [file, out] of chunks) {
    const match = MAIN_TEXTS.exec(out.facadeModuleId ?? "");
    if (match) lang[match[1]!] = `/${file}`;
  }
  if (bundle && Object.keys(lang).length !== 4)
    throw new Error("the build has no chunk of the main texts per language");
  return { signedIn: filesOf(LATER_CHUNKS.signedIn), chat: filesOf(LATER_CHUNKS.chat), lang };
}

/** The boot script with the files of the LATER_CHUNKS the build wrote (none while serving the source). */
export function withLaterFiles(script: string, bundle: Record<string, BundleItem> | undefined) {
  if (!script.includes(LATER)) throw new Error(`web/theme-init.js lost its "${LATER}"`);
  return script.replace(LATER, `var later = ${JSON.stringify(laterFiles(bundle))};`);
}

/** A stylesheet that styles messages or their markdown (web/src/features/chat/chat.css, markdown/markdown.css). */
const MESSAGE_RULES = /\.(msg|markdown)\b[^{]*\{/;

/**
 * The stylesheets a chat's messages are drawn with: those among the LATER_CHUNKS' that style messages or markdown,
 * named in index.html for the worker, which puts them inline with the chat's first screen it writes into the page
 * (worker/http/chat-page.ts); only those, to keep the page small. A meta tag, not links: on any other page they would
 * apply before the app's own stylesheets and change the cascade's order.
 */
export function chatStylesMeta(bundle: Record<string, BundleItem> | undefined): string {
  const later = laterFiles(bundle);
  const styles = [...new Set([...later.signedIn, ...later.chat])].filter((file) => {
    const css = bundle?.[file.slice(1)];
    return file.endsWith(".css") && typeof css?.source === "string" && MESSAGE_RULES.test(css.source);
  });
  if (bundle && styles.length === 0) throw new Error("the build has no stylesheet for a chat's messages");
  return `<meta name="${CHAT_STYLES_META}" content="${styles.join(" ")}">`;
}

export function inlineBootScriptPlugin({ source }: { source: string }): Plugin {
  /** The script as index.html carries it, for the CSP's hash. */
  let inlined: string | null = null;
  return {
    name: "may:inline-boot-script",
    transformIndexHtml: {
      // after the bundle, whose chunk files the script names
      order: "post",
      handler(html, ctx) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`web/index.html lost its ${PLACEHOLDER}`);
        inlined = withLaterFiles(bootScript(source), ctx.bundle);
        return html.replace(PLACEHOLDER, `<script>${inlined}</script>\n    ${chatStylesMeta(ctx.bundle)}`);
      },
    },
    // The client build's output: public files are copied by now, so _headers gets the script's hash.
    writeBundle(options) {
      const headers = join(options.dir ?? "", "_headers");
      if (this.environment.name !== "client" || !existsSync(headers)) return;
      const text = readFileSync(headers, "utf8");
      if (!text.includes(SCRIPT_SRC))
        throw new Error(`web/public/_headers has no "${SCRIPT_SRC}" to allow the boot script in`);
      if (inlined === null) throw new Error("index.html was not built with the boot script");
      writeFileSync(headers, text.replace(SCRIPT_SRC, `${SCRIPT_SRC} ${cspHash(inlined)}`));
    },
  };
}
