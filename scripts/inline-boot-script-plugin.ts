// Puts the boot script (web/theme-init.js: the stored theme and language before the first paint) inside index.html
// instead of loading it as a file: a blocking script in <head> that is a separate request holds the first paint back by
// a round trip on a slow phone network (Lighthouse counted ~320 ms on the landing page). The CSP stays strict: the
// built _headers (copied from web/public) allows exactly this script by its SHA-256 hash, computed here from the same
// text, so an edit of the script can never leave it blocked.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

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

export function inlineBootScriptPlugin({ source }: { source: string }): Plugin {
  return {
    name: "may:inline-boot-script",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`web/index.html lost its ${PLACEHOLDER}`);
        return html.replace(PLACEHOLDER, `<script>${bootScript(source)}</script>`);
      },
    },
    // The client build's output: public files are copied by now, so _headers gets the script's hash.
    writeBundle(options) {
      const headers = join(options.dir ?? "", "_headers");
      if (this.environment.name !== "client" || !existsSync(headers)) return;
      const text = readFileSync(headers, "utf8");
      if (!text.includes(SCRIPT_SRC))
        throw new Error(`web/public/_headers has no "${SCRIPT_SRC}" to allow the boot script in`);
      writeFileSync(headers, text.replace(SCRIPT_SRC, `${SCRIPT_SRC} ${cspHash(bootScript(source))}`));
    },
  };
}
