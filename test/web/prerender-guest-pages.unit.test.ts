// The build's side of the pre-rendered pages (scripts/prerender-page.ts, prerender-guest-pages-plugin.ts,
// prerender-landing-plugin.ts, service-worker-plugin.ts) on made-up bundles: which stylesheets a page inlines, what
// the built index.html becomes, which file is the pages' script, what the service worker precaches; and that the
// addresses agree everywhere: the pages' contract, the Worker's table, wrangler.toml's run_worker_first.
import { readFileSync } from "node:fs";
import type { OutputBundle, RolldownOutput } from "rolldown";
import { describe, expect, it } from "vitest";
import {
  GUEST_PAGE_CSS,
  GUEST_PAGE_PATHS,
  PAGE_MODULES,
  entryFile,
  guestPageHtml,
} from "../../scripts/prerender-guest-pages-plugin";
import { landingHtml } from "../../scripts/prerender-landing-plugin";
import { pageStylesheets, staticPage } from "../../scripts/prerender-page";
import { shellFiles, workerFirstPaths } from "../../scripts/service-worker-plugin";
import { GUEST_PAGES } from "../../web/src/features/auth/prerendered/guest-contract";
import { GUEST_PAGES as WORKER_GUEST_PAGES, RESET_LINK_PAGE } from "../../worker/http/guest-page-paths";

/** The built index.html's shape (the boot script inline, the SPA's module script, preloads and stylesheets). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Mây</title>
    <script>(function () { document.documentElement.lang = "vi"; })();</script>
    <script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-AbCdEf12.js">
    <link rel="stylesheet" crossorigin href="/assets/index-AbCdEf12.css">
  </head>
  <body>
    <!-- The app shell's first paint: the logo. -->
    <div id="root"><div class="boot"><img src="/favicon.svg" alt="Mây" /></div></div>
  </body>
</html>`;

/** A chunk of a made-up bundle: its file, modules, static imports and stylesheets. */
function chunk(fileName: string, opts: { entry?: boolean; modules?: string[]; imports?: string[]; css?: string[] }) {
  return {
    type: "chunk",
    fileName,
    isEntry: opts.entry ?? false,
    facadeModuleId: opts.modules?.[0] ?? null,
    moduleIds: opts.modules ?? [],
    imports: opts.imports ?? [],
    viteMetadata: { importedCss: new Set(opts.css ?? []) },
  };
}

const BUNDLE = Object.fromEntries(
  [
    chunk("assets/index-1.js", { entry: true, imports: ["assets/framework-1.js"], css: ["assets/index-1.css"] }),
    chunk("assets/framework-1.js", { css: ["assets/framework-1.css"] }),
    chunk("assets/auth-page-1.js", {
      modules: ["/repo/web/src/features/auth/auth-page.tsx"],
      imports: ["assets/language-select-1.js", "assets/framework-1.js"],
      css: ["assets/auth-page-1.css"],
    }),
    chunk("assets/language-select-1.js", { css: ["assets/language-select-1.css"] }),
    chunk("assets/settings-1.js", { modules: ["/repo/web/src/features/settings/settings-page.tsx"], css: ["s.css"] }),
    chunk("assets/_app-1.js", {
      modules: ["/repo/web/src/routes/_app.tsx?tsr-split=component"],
      imports: ["assets/signed-in-1.js"],
      css: ["assets/_app-1.css"],
    }),
    chunk("assets/signed-in-1.js", {}),
    chunk("assets/en-1.js", { modules: ["/repo/locales/en.json"] }),
    chunk("assets/en-2.js", { modules: ["/repo/locales/suggestions/en.json"] }),
    chunk("assets/vi-2.js", { modules: ["/repo/locales/suggestions/vi.json"] }),
  ].map((c) => [c.fileName, c]),
) as unknown as OutputBundle;

describe("a pre-rendered page's stylesheets", () => {
  it("are the entry's and the page's chunks', with what they import statically, and nothing else", () => {
    expect(pageStylesheets(BUNDLE, [PAGE_MODULES.login!], "test")).toEqual([
      "assets/index-1.css",
      "assets/framework-1.css",
      "assets/auth-page-1.css",
      "assets/language-select-1.css",
    ]);
  });

  it("fail the build when no chunk holds the page's module", () => {
    expect(() => pageStylesheets(BUNDLE, [PAGE_MODULES["reset-password"]!], "test")).toThrow(/reset-password-page/);
  });
});

describe("a guest page's HTML", () => {
  const copies = ["en", "vi", "ru", "zh"].map((lng) => ({ lng, html: `<h1>${lng}</h1>` }));
  const html = guestPageHtml(TEMPLATE, { name: "login", css: ".auth{}", script: "assets/guest-page-1.js", copies });

  it("is index.html without the SPA's scripts and stylesheet links, its boot script kept, its CSS inline", () => {
    expect(html).not.toMatch(/index-AbCdEf12|framework-AbCdEf12|rel="stylesheet"|rel="modulepreload"/);
    expect(html).toContain('<script>(function () { document.documentElement.lang = "vi"; })();</script>');
    expect(html).toContain(`<style>${GUEST_PAGE_CSS}\n.auth{}</style>`);
    expect(html).not.toContain("app shell's first paint");
  });

  it("loads the pages' one module script, and holds a copy per language, English first, each named", () => {
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" src="/assets/guest-page-1.js">',
    ]);
    expect(html).toContain(
      '<div id="root"><div class="guest-copy" lang="en" data-page="login"><h1>en</h1></div><div class="guest-copy" lang="vi" data-page="login">',
    );
    expect(html.match(/class="guest-copy"/g)).toHaveLength(4);
  });

  it("shows only the copy in <html lang>'s language, English for any other, and keeps waiting buttons looking enabled", () => {
    expect(GUEST_PAGE_CSS).toContain(".guest-copy{display:none}");
    expect(GUEST_PAGE_CSS).toContain(':root[lang="vi"] .guest-copy[lang="vi"]');
    expect(GUEST_PAGE_CSS).toContain(':root:not([lang="vi"],[lang="ru"],[lang="zh"]) .guest-copy[lang="en"]');
    expect(GUEST_PAGE_CSS).toContain("button[data-inert]:disabled{opacity:1");
  });

  it("refuses a template without the app shell, and a stylesheet that would end its <style>", () => {
    expect(() => staticPage("<html><body></body></html>", { css: "", head: "", body: "" }, "test")).toThrow(/root/);
    expect(() => staticPage(TEMPLATE, { css: "a{}</style><script>", head: "", body: "" }, "test")).toThrow(/style/);
  });

  it("is built as the landing page is, whose own script and copies are unchanged", () => {
    const landing = landingHtml(TEMPLATE, "a{}", copies);
    expect(landing).toContain('<style>a{}</style>\n    <script src="/landing.js" defer></script>\n  </head>');
    expect(landing).toContain('<div id="root"><div class="landing-copy" lang="en"><h1>en</h1></div>');
  });
});

describe("the pages' script", () => {
  it("is the entry chunk of its own build", () => {
    const output = {
      output: [
        { type: "chunk", isEntry: false, fileName: "assets/guest-en-1.js" },
        { type: "chunk", isEntry: true, fileName: "assets/guest-page-1.js" },
      ],
    } as unknown as RolldownOutput;
    expect(entryFile(output)).toBe("assets/guest-page-1.js");
    expect(entryFile([output])).toBe("assets/guest-page-1.js");
    expect(() => entryFile({ output: [] } as unknown as RolldownOutput)).toThrow(/no entry/);
  });
});

describe("the service worker's precache", () => {
  it("holds the shell and, given the signed-in first screen's modules, their chunks and stylesheets", () => {
    const shell = shellFiles(BUNDLE);
    expect(shell).toContain("/assets/framework-1.js");
    expect(shell).not.toContain("/assets/signed-in-1.js");
    const withApp = shellFiles(BUNDLE, [/routes[\\/]_app\.tsx\?tsr-split=component/]);
    expect(withApp).toEqual(
      expect.arrayContaining(["/assets/_app-1.js", "/assets/_app-1.css", "/assets/signed-in-1.js"]),
    );
    expect(withApp).not.toContain("/assets/settings-1.js");
    expect(withApp).not.toContain("/assets/en-2.js");
    // a screen's module in every chunk that holds one (a namespace's file per language)
    expect(shellFiles(BUNDLE, [/locales[\\/]suggestions[\\/](vi|en|ru|zh)\.json$/])).toEqual(
      expect.arrayContaining(["/assets/en-2.js", "/assets/vi-2.js"]),
    );
    expect(() => shellFiles(BUNDLE, [/nowhere\.tsx/])).toThrow(/nowhere/);
  });
});

describe("the guest pages' addresses", () => {
  it("are the same in the pages' contract, the Worker's table and wrangler.toml's run_worker_first", () => {
    const contract = [...new Set(Object.values(GUEST_PAGES).map((p) => p.path))].sort();
    expect([...GUEST_PAGE_PATHS].sort()).toEqual(contract);
    expect(Object.keys(WORKER_GUEST_PAGES).sort()).toEqual(contract);
    const workerFirst = workerFirstPaths(readFileSync("wrangler.toml", "utf8"));
    for (const path of contract) expect(workerFirst).toContain(path);
  });

  it("serve each page's file: /guest/<name> for the page of that address", () => {
    expect(GUEST_PAGES[RESET_LINK_PAGE.replace(/^\/guest\//, "") as keyof typeof GUEST_PAGES]?.path).toBe(
      "/reset-password",
    );
    for (const [path, asset] of Object.entries(WORKER_GUEST_PAGES)) {
      const name = asset.replace(/^\/guest\//, "");
      expect(GUEST_PAGES[name as keyof typeof GUEST_PAGES]?.path).toBe(path);
    }
    for (const name of Object.keys(GUEST_PAGES)) expect(PAGE_MODULES[name], name).toBeInstanceOf(RegExp);
  });
});
