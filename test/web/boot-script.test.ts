// The boot script (web/theme-init.js, inline in index.html and the pre-rendered landing.html) sets <html lang> before
// the first paint by the SPA's own language rule (web/src/lib/i18n.ts chooseLanguage), so the static landing page shows
// the copy the SPA would show: checked here case by case against chooseLanguage itself, with the theme it also sets.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootScript, chatStylesMeta, withLaterFiles } from "../../scripts/inline-boot-script-plugin";
import { CHAT_STYLES_META } from "../../worker/protocol/page-meta";
import { chooseLanguage } from "../../web/src/lib/i18n";

const SOURCE = readFileSync("web/theme-init.js", "utf8");

/** Runs the boot script in this jsdom document with a stored language (or none) and the browser's languages. */
function boot(stored: string | null, languages: string[]) {
  localStorage.clear();
  if (stored !== null) localStorage.setItem("language", stored);
  document.documentElement.removeAttribute("lang");
  document.head.innerHTML = '<meta name="theme-color" content="#ffffff" />';
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
  vi.spyOn(navigator, "language", "get").mockReturnValue(languages[0] ?? "");
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
  new Function(SOURCE)();
  return document.documentElement.lang;
}

afterEach(() => vi.restoreAllMocks());

describe("the boot script's language", () => {
  const cases: [string | null, string[]][] = [
    ["ru", ["vi-VN", "en"]],
    [null, ["fr-FR", "zh-TW", "vi"]],
    [null, ["vi-VN"]],
    [null, ["RU_ru"]],
    ["de", ["vi"]],
    ["", ["ru-RU"]],
    [null, ["fr", "de-DE"]],
    [null, []],
    ["zh", []],
  ];
  it.each(cases)("stored %j with browser languages %j: the SPA's choice", (stored, languages) => {
    expect(boot(stored, languages)).toBe(chooseLanguage(stored, languages));
  });

  it("also sets the theme before the first paint (light here: the OS is light and nothing is stored)", () => {
    boot(null, ["en-US"]);
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')!.content).toBe("#ffffff");
  });
});

describe("the boot script's early request for a chat opened by its address", () => {
  const early = () => (window as { mayEarly?: Record<string, Promise<Response>> }).mayEarly;
  afterEach(() => {
    delete (window as { mayEarly?: unknown }).mayEarly;
    history.replaceState(null, "", "/");
    vi.unstubAllGlobals();
  });
  const bootAt = (path: string, signedIn: boolean) => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    history.replaceState(null, "", path);
    boot(null, ["en-US"]);
    if (signedIn) {
      localStorage.setItem("user_id", "u1");
      new Function(SOURCE)();
    }
    return fetch;
  };

  it("asks for the chat's newest messages at the app's own path, with the session cookie, for the app to take", () => {
    const fetch = bootAt("/c/chat:1", true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/chat-sessions/chat%3A1/content", {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    expect(Object.keys(early() ?? {})).toEqual(["/chat-sessions/chat%3A1/content"]);
  });

  it("asks nothing for a visitor without a stored sign-in, another page, or what cannot be a chat id", () => {
    expect(bootAt("/c/chat-1", false)).not.toHaveBeenCalled();
    expect(bootAt("/", true)).not.toHaveBeenCalled();
    expect(bootAt("/c/chat-1/extra", true)).not.toHaveBeenCalled();
    expect(bootAt("/c/bad%20id", true)).not.toHaveBeenCalled();
    expect(early()).toBeUndefined();
  });
});

describe("the boot script's early scripts for a signed-in page", () => {
  const css = (...files: string[]) => ({ importedCss: new Set(files) });
  const texts = (lng: string, file: string) => ({
    [file]: { type: "chunk", name: lng, facadeModuleId: `/repo/locales/${lng}.json` },
  });
  const bundle = {
    "assets/signed-in-AbC12345.js": { type: "chunk", name: "signed-in", viteMetadata: css() },
    "assets/_app-Lay0ut00.js": {
      type: "chunk",
      name: "_app",
      viteMetadata: css("assets/_app-1.css", "assets/ui-2.css"),
    },
    "assets/language-select-Ls000000.js": {
      type: "chunk",
      name: "language-select",
      viteMetadata: css("assets/ui-2.css", "assets/language-select-3.css"),
    },
    "assets/streaming-markdown-XyZ98765.js": {
      type: "chunk",
      name: "streaming-markdown",
      viteMetadata: css("assets/streaming-markdown-4.css"),
    },
    "assets/index-Qq11Ww22.js": { type: "chunk", name: "index" },
    "assets/signed-in-Zz.css": { type: "asset", name: "signed-in.css" },
    ...texts("en", "assets/en-En000000.js"),
    ...texts("vi", "assets/vi-Vi000000.js"),
    ...texts("ru", "assets/ru-Ru000000.js"),
    ...texts("zh", "assets/zh-Zh000000.js"),
    // a lazy namespace's texts in English: not the main texts
    "assets/en-Admin000.js": { type: "chunk", name: "en", facadeModuleId: "/repo/locales/admin/en.json" },
  };
  const built = withLaterFiles(bootScript("web/theme-init.js"), bundle);
  const preloads = (path: string, signedIn: boolean, language = "en") => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}")),
    );
    localStorage.clear();
    if (signedIn) localStorage.setItem("user_id", "u1");
    localStorage.setItem("language", language);
    history.replaceState(null, "", path);
    document.head.innerHTML = '<meta name="theme-color" content="#ffffff" />';
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
    new Function(built)();
    return [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload], link[rel=preload]")].map(
      (l) => `${l.rel}${l.as ? `:${l.as}` : ""} ${l.getAttribute("href")}`,
    );
  };
  afterEach(() => {
    delete (window as { mayEarly?: unknown }).mayEarly;
    history.replaceState(null, "", "/");
    vi.unstubAllGlobals();
  });

  const signedInFiles = [
    "preload:style /assets/_app-1.css",
    "modulepreload /assets/_app-Lay0ut00.js",
    "preload:style /assets/language-select-3.css",
    "modulepreload /assets/language-select-Ls000000.js",
    "modulepreload /assets/signed-in-AbC12345.js",
    "preload:style /assets/ui-2.css",
  ];

  it("fetches the signed-in screens, layout and their styles, and the texts of the page's language, at once", () => {
    expect(preloads("/", true)).toEqual([...signedInFiles, "modulepreload /assets/en-En000000.js"]);
    expect(preloads("/", true, "vi")).toEqual([...signedInFiles, "modulepreload /assets/vi-Vi000000.js"]);
  });

  it("adds a chat's markdown renderer and its styles on a chat's address", () => {
    expect(preloads("/c/chat-1", true, "ru")).toEqual([
      ...signedInFiles,
      "preload:style /assets/streaming-markdown-4.css",
      "modulepreload /assets/streaming-markdown-XyZ98765.js",
      "modulepreload /assets/ru-Ru000000.js",
    ]);
  });

  it("asks for every file as the app's own links will (crossorigin), so the browser reuses the fetch", () => {
    preloads("/c/chat-1", true);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload], link[rel=preload]")];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute("crossorigin")).toBe("");
  });

  it("fetches nothing for a visitor without a stored sign-in", () => {
    expect(preloads("/c/chat-1", false)).toEqual([]);
  });

  it("names the stylesheets of a chat's messages in index.html, for the worker's first screen of a chat", () => {
    const styled = {
      ...bundle,
      "assets/_app-1.css": { type: "asset", source: ".shell { display: grid }" },
      "assets/ui-2.css": { type: "asset", source: ".btn { color: red } .badge--msg { color: blue }" },
      "assets/language-select-3.css": { type: "asset", source: ".lang { color: red }" },
      "assets/streaming-markdown-4.css": { type: "asset", source: ".markdown > :first-child { margin: 0 }" },
      "assets/chat-5.css": { type: "asset", source: ".chat { flex: 1 } .message-row .msg--bot { gap: 8px }" },
    };
    styled["assets/_app-Lay0ut00.js"] = {
      ...bundle["assets/_app-Lay0ut00.js"],
      viteMetadata: css("assets/_app-1.css", "assets/ui-2.css", "assets/chat-5.css"),
    };
    expect(chatStylesMeta(styled)).toBe(
      `<meta name="${CHAT_STYLES_META}" content="/assets/chat-5.css /assets/streaming-markdown-4.css">`,
    );
    expect(() => chatStylesMeta(bundle)).toThrow(/no stylesheet for a chat's messages/);
  });

  it("fails the build when a chunk it names is gone, and names none while the source is served", () => {
    const { "assets/_app-Lay0ut00.js": _gone, ...withoutLayout } = bundle;
    expect(() => withLaterFiles(bootScript("web/theme-init.js"), withoutLayout)).toThrow(/no chunk named/);
    const withoutChinese = Object.fromEntries(
      Object.entries(bundle).filter(([file]) => !file.startsWith("assets/zh-")),
    );
    expect(() => withLaterFiles(bootScript("web/theme-init.js"), withoutChinese)).toThrow(/main texts/);
    expect(withLaterFiles(SOURCE, undefined)).toContain('var later = {"signedIn":[],"chat":[],"lang":{}};');
  });
});
