// Writes dist/client/landing.html, the guest landing page served pre-rendered at '/' (worker/http/landing-page.ts): a
// guest's first visit shows the headline and the prices without downloading or running the SPA's framework (Lighthouse
// mobile counted ~600 ms of script at 4× CPU before the headline). After the client build has written its files, the
// same React component the SPA shows (web/src/features/landing/landing-page.tsx) is rendered through Vite's SSR module
// loader in the four languages, with the packages taken from the worker's own data (worker/plans/packages.ts, so no
// request is needed for the prices). The built index.html is the template (scripts/prerender-page.ts), so the inline
// boot script and its CSP hash stay as they are; the SPA's module script, preloads and stylesheet links go, the CSS the
// landing page uses is inlined (no render-blocking request), and one small deferred script (web/public/landing.js)
// does the rest.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OutputBundle } from "rolldown";
import type { AliasOptions, Plugin } from "vite";
import { pageStylesheets, staticPage, withSsrLoader } from "./prerender-page";

type Copy = { lng: string; html: string };

/** The SPA's landing page module: its chunk (and what that chunk imports statically) holds the CSS to inline. */
const LANDING_MODULE = /web[\\/]src[\\/]features[\\/]landing[\\/]landing-page\.tsx$/;

/** The stylesheets of the entry chunk and of the landing page's chunk, each with the chunks they import statically. */
export const landingCss = (bundle: OutputBundle): string[] =>
  pageStylesheets(bundle, [LANDING_MODULE], "prerender-landing");

/** index.html turned into the static landing page: no SPA scripts, the CSS inline, the four copies in #root. */
export function landingHtml(template: string, css: string, copies: Copy[]): string {
  const body = copies.map((c) => `<div class="landing-copy" lang="${c.lng}">${c.html}</div>`).join("");
  return staticPage(template, { css, head: '<script src="/landing.js" defer></script>', body }, "prerender-landing");
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
      const copies: Copy[] = await withSsrLoader(opts, async (server) => {
        const { packagesResponse } = await server.ssrLoadModule(opts.packagesModule);
        const { renderLandingCopies } = await server.ssrLoadModule(opts.prerenderModule);
        return renderLandingCopies(packagesResponse());
      });
      writeFileSync(join(dir, "landing.html"), landingHtml(String(html.source), css, copies));
    },
  };
}
