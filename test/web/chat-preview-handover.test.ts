// The chat's first screen (#chat-preview), drawn into a chat's page by the worker (worker/http/chat-page.ts), is removed
// by the boot script (web/theme-init.js) once the app's own list shows a message in view, once the app has gone to
// another address, or after 120 frames of the app's layout without its list. A file of its own: every boot on a
// chat's address leaves an observer on the document, and the boot script's other tests would leave theirs here.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";

const SOURCE = readFileSync("web/theme-init.js", "utf8");

describe("the chat's first screen drawn by the worker", () => {
  // requestAnimationFrame run by hand, one frame per call of `frame()`
  let frames: FrameRequestCallback[] = [];
  const frame = () => {
    const due = frames;
    frames = [];
    for (const cb of due) cb(0);
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0)); // the MutationObserver's callback
  const preview = () => document.getElementById("chat-preview");

  /** The page as the worker sends it (#root's boot logo, then the preview), the boot script run on `path`. */
  const openAt = (path: string) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}")),
    );
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => frames.push(cb));
    frames = [];
    history.replaceState(null, "", path);
    document.body.innerHTML = '<div id="root"><div class="boot"></div></div>';
    localStorage.clear();
    localStorage.setItem("user_id", "u1");
    document.head.innerHTML = '<meta name="theme-color" content="#ffffff" />';
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
    new Function(SOURCE)();
    document.body.insertAdjacentHTML(
      "beforeend",
      '<div id="chat-preview"><article data-message-id="m1"></article></div>',
    );
  };
  /** What the app renders into #root: its layout, with its list holding one message at `top` (px) when given. */
  const appRenders = (top?: number) => {
    const root = document.getElementById("root")!;
    root.innerHTML = `<main><div data-testid="message-list">${top === undefined ? "" : '<article data-testid="message"></article>'}</div></main>`;
    const rect = (t: number, h: number) => ({ top: t, bottom: t + h, height: h }) as DOMRect;
    root.querySelector<HTMLElement>("[data-testid=message-list]")!.getBoundingClientRect = () => rect(56, 600);
    const row = root.querySelector<HTMLElement>("[data-testid=message]");
    if (row && top !== undefined) row.getBoundingClientRect = () => rect(top, 120);
  };
  afterEach(() => {
    delete (window as { mayEarly?: unknown }).mayEarly;
    history.replaceState(null, "", "/");
    document.body.innerHTML = "";
    vi.unstubAllGlobals();
  });

  it("stays while the app loads, and goes in the frame the app's list has a message in view", async () => {
    openAt("/c/chat-1");
    await settle();
    frame();
    expect(preview()).not.toBeNull();
    appRenders(900); // laid out below the view first
    await settle();
    frame();
    expect(preview()).not.toBeNull();
    appRenders(500);
    frame();
    expect(preview()).toBeNull();
  });

  it("goes when the app has moved to another address", async () => {
    openAt("/c/chat-1");
    appRenders();
    await settle();
    history.replaceState(null, "", "/");
    frame();
    expect(preview()).toBeNull();
  });

  it("goes after 120 frames of the app's layout without its list (a chat the app could not open)", async () => {
    openAt("/c/chat-1");
    appRenders();
    await settle();
    for (let i = 0; i < 119; i++) frame();
    expect(preview()).not.toBeNull();
    frame();
    expect(preview()).toBeNull();
  });
});
