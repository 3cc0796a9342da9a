// Dropping files, the keyboard shortcuts and dictation in a real browser (issue 25, points 3 to 5), in one signed-in
// context: a file dropped on the chat (drag events carrying a DataTransfer built in the page) joins the attachments
// while the drop zone shows and hides; each shortcut does its job and none takes a key where it would type or copy
// instead; the shortcuts dialog lists them all; dictation runs on a fake recognizer the test puts in the page before
// the app loads (the product has no seam for it), and the microphone is absent from a browser without the API.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { holdRequests, launch, settled } from "./support/browser";
import { type ApiSession, apiAccount, savedChat, signInAs } from "./support/seed";

const baseURL = inject("baseURL");
const LAST_ANSWER = "The last answer, ready to copy.";

let ctx: BrowserContext;
let page: Page;
let account: ApiSession;
let chatId = "";
/** A chat whose answer has markdown, for reading aloud. */
let readChat = "";

/**
 * A recognizer in place of the browser's, put in the page before the app loads (plain script: a function handed to
 * addInitScript would carry the test transform's helpers). It records how it was set up, and the test makes it hear
 * words (window.fakeRecognizer.hear([[words, final?], ...])) and fall silent (.silence()), as the real one does on a
 * pause; stop() is silence too.
 */
const FAKE_RECOGNIZER = `
  class FakeRecognition {
    lang = ""; interimResults = false; continuous = true;
    onresult = null; onerror = null; onend = null; started = false;
    start() { this.started = true; window.fakeRecognizer = this; }
    stop() { this.silence(); }
    abort() { this.silence(); }
    hear(results) {
      const list = results.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal }));
      this.onresult?.({ resultIndex: 0, results: list });
    }
    silence() {
      if (!this.started) return;
      this.started = false;
      this.onend?.();
    }
  }
  delete window.SpeechRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
`;
/**
 * A speech synthesizer in place of the browser's (headless Chromium has no voices), put in the page before the app
 * loads: it keeps what it is asked to say (window.fakeSynth.spoken, the utterances themselves, whose onend the test
 * fires as the end of the speech) and counts cancel().
 */
const FAKE_SYNTHESIZER = `
  const fakeSynth = {
    spoken: [], cancels: 0, speaking: false, pending: false, paused: false,
    speak(utterance) { this.spoken.push(utterance); },
    cancel() { this.cancels++; },
    pause() {}, resume() {}, getVoices() { return []; },
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: fakeSynth, configurable: true });
  window.fakeSynth = fakeSynth;
`;
const NO_RECOGNIZER = "delete window.SpeechRecognition; delete window.webkitSpeechRecognition;";

/**
 * A signed-in page of a browser of its own, on a chat of a user of its own (a plan's sessions are counted: signing the
 * shared account in elsewhere would end the main page's session).
 */
async function slowChat(slow: BrowserContext): Promise<Page> {
  const user = await apiAccount(baseURL);
  const id = await savedChat(user, "Drop chat", [LAST_ANSWER]);
  const p = slow.pages()[0] ?? (await slow.newPage());
  await signInAs(p, user, `/c/${id}`);
  await p.locator("[data-testid=message][data-sender=bot]", { hasText: LAST_ANSWER }).waitFor();
  return p;
}

const toastText = () => page.locator("[data-testid=toast] .toast__message").last().textContent();
const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
const mod = "Control";

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await ctx.addInitScript({ content: FAKE_RECOGNIZER });
  await ctx.addInitScript({ content: FAKE_SYNTHESIZER });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  account = await apiAccount(baseURL);
  readChat = await savedChat(account, "Read aloud chat", ["**Clouds** form when the air cools. Then it rains!"]);
  chatId = await savedChat(account, "Power keys chat", ["The first answer.", LAST_ANSWER]);
  await signInAs(page, account, `/c/${chatId}`);
  await page.locator("[data-testid=message][data-sender=bot]", { hasText: LAST_ANSWER }).waitFor();
});
afterAll(async () => ctx?.close());

describe("power keys: drop, shortcuts, voice", () => {
  it("takes a file dropped on the chat into the attachments, showing the drop zone only while dragging", async () => {
    await page.evaluate(() => {
      const files = new DataTransfer();
      files.items.add(new File(["dropped notes\n"], "dropped.txt", { type: "text/plain" }));
      Object.assign(window, { droppedFiles: files });
      // a text selection dragged over the page is no drop of files: nothing loads or shows for it
      const text = new DataTransfer();
      text.setData("text/plain", "some words");
      const list = document.querySelector("[data-testid=message-list]")!;
      list.dispatchEvent(new DragEvent("dragenter", { dataTransfer: text, bubbles: true, cancelable: true }));
      list.dispatchEvent(new DragEvent("dragenter", { dataTransfer: files, bubbles: true, cancelable: true }));
    });
    const zone = page.locator("[data-testid=drop-zone]");
    await zone.waitFor({ state: "visible" });
    expect(await zone.textContent()).toContain("Drop files here");
    const dropped = await zone.evaluate((el) => {
      const dataTransfer = (window as unknown as { droppedFiles: DataTransfer }).droppedFiles;
      const over = new DragEvent("dragover", { dataTransfer, bubbles: true, cancelable: true });
      el.dispatchEvent(over);
      const drop = new DragEvent("drop", { dataTransfer, bubbles: true, cancelable: true });
      el.dispatchEvent(drop);
      return { over: over.defaultPrevented, drop: drop.defaultPrevented };
    });
    // both taken by the page: the browser neither refuses the drop nor opens the file in the tab
    expect(dropped).toEqual({ over: true, drop: true });
    await zone.waitFor({ state: "hidden" });
    const chip = page.locator("[data-testid=attachment-chip]");
    await chip.waitFor();
    expect(await chip.textContent()).toContain("dropped.txt");
    await page.click("[data-testid=attachment-remove]");
    await chip.waitFor({ state: "detached" });
  });

  it("takes a file dropped before the drop zone's code has arrived, instead of the browser opening it", async () => {
    // a browser of its own, where that code has not loaded: it is held until the file has been dropped
    const slow = await launch({ locale: "en-US" });
    try {
      const { release } = await holdRequests(slow, "**/assets/on-demand-*.js");
      const p = await slowChat(slow);
      const opened = p.url();
      const dropped = await p.evaluate(() => {
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(new File(["early notes\n"], "early.txt", { type: "text/plain" }));
        const list = document.querySelector("[data-testid=message-list]")!;
        const fire = (type: string) => {
          const e = new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true });
          list.dispatchEvent(e);
          return e.defaultPrevented;
        };
        fire("dragenter");
        const zoneBuilt = document.querySelector("[data-testid=drop-zone]") !== null;
        return { zoneBuilt, over: fire("dragover"), drop: fire("drop") };
      });
      // no zone yet, and still both taken by the page: the drop is allowed and the file is not opened in the tab
      expect(dropped).toEqual({ zoneBuilt: false, over: true, drop: true });
      release();
      const chip = p.locator("[data-testid=attachment-chip]");
      await chip.waitFor();
      expect(await chip.textContent()).toContain("early.txt");
      expect(p.url()).toBe(opened);
      expect(await p.locator("[data-testid=drop-zone]").isVisible()).toBe(false);
    } finally {
      await slow.close();
    }
  });

  it("takes the zone away at the pointer's first move when the drag left the window before its code arrived", async () => {
    const slow = await launch({ locale: "en-US" });
    try {
      const { release } = await holdRequests(slow, "**/assets/on-demand-*.js");
      const p = await slowChat(slow);
      // files dragged in and out of the window again, before the zone exists: its dragleave is missed
      await p.evaluate(() => {
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(new File(["x"], "left.txt", { type: "text/plain" }));
        const list = document.querySelector("[data-testid=message-list]")!;
        for (const type of ["dragenter", "dragover", "dragleave"])
          list.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
      });
      release();
      const zone = p.locator("[data-testid=drop-zone]");
      await zone.waitFor({ state: "visible" });
      // no drag sends pointer events: the first move of the pointer shows there is none, and the screen is usable
      await p.mouse.move(600, 400);
      await p.mouse.move(610, 410);
      await zone.waitFor({ state: "hidden" });
    } finally {
      await slow.close();
    }
  });

  it("lists every shortcut in the dialog (Ctrl+/ and the profile menu) and closes it with a second Ctrl+/", async () => {
    await page.keyboard.press(`${mod}+Slash`);
    const dialog = page.locator("[data-testid=shortcuts-dialog]");
    await dialog.waitFor();
    expect(
      await dialog.locator("[data-testid=shortcut]").evaluateAll((rows) => rows.map((r) => r.textContent)),
    ).toEqual([
      "New chatCtrlShiftO",
      "Focus the inputShiftEsc",
      "Copy the last answerCtrlShiftC",
      "Show or hide the sidebarCtrlShiftS",
      "Stop the answerEsc",
      "Show these shortcutsCtrl/",
      "Send the questionEnter",
      "New line in the questionShiftEnter",
    ]);
    await page.keyboard.press(`${mod}+Slash`);
    await dialog.waitFor({ state: "detached" });
    await page.click("[data-testid=profile-menu-button]");
    await page.click("[data-testid=menu-shortcuts]");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("focuses the input, copies the last answer and toggles the sidebar, and leaves typing and copying alone", async () => {
    const input = page.locator("[data-testid=chat-input]");
    await page.locator("[data-testid=message-list]").click({ position: { x: 5, y: 5 } });
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(false);
    await page.keyboard.press("Shift+Escape");
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

    // plain keys type: none of the shortcuts' letters or the slash is taken in the input
    await page.keyboard.type("o/sc");
    expect(await input.inputValue()).toBe("o/sc");
    // with text selected in the input, Ctrl+Shift+C copies that text, not the last answer
    await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 2));
    await page.keyboard.press(`${mod}+Shift+KeyC`);
    await expect.poll(clipboard).toBe("o/");
    await page.fill("[data-testid=chat-input]", "");

    await page.keyboard.press(`${mod}+Shift+KeyC`);
    await expect.poll(clipboard).toBe(LAST_ANSWER);
    await expect.poll(toastText).toBe("Copied");

    const toggle = page.locator("[data-testid=drawer-toggle]");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press(`${mod}+Shift+KeyS`);
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press(`${mod}+Shift+KeyS`);
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("stops a streaming answer with Esc, but not while Esc belongs to another field", async () => {
    await page.fill("[data-testid=chat-input]", "Write a very long essay about the history of Vietnam");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=stop-button]");
    const bot = page.locator("[data-testid=message][data-sender=bot]").last();
    await expect.poll(async () => (await bot.textContent())?.length ?? 0).toBeGreaterThan(40);
    // Escape in the find bar's field closes the find bar; the answer goes on
    await page.click("[data-testid=find-in-chat-open]");
    const find = page.locator("[data-testid=find-input]");
    await find.waitFor();
    await find.press("Escape");
    await find.waitFor({ state: "detached" });
    expect(await page.isVisible("[data-testid=stop-button]")).toBe(true);
    await page.focus("[data-testid=chat-input]");
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-testid=send-button]");
    await expect.poll(() => bot.getAttribute("data-stopped")).toBe("true");
  });

  it("opens a new chat with Ctrl+Shift+O, ready to type", async () => {
    await page.keyboard.press(`${mod}+Shift+KeyO`);
    await page.waitForURL(`${baseURL}/`);
    await page.waitForSelector("[data-testid=greeting]");
    await expect
      .poll(() => page.locator("[data-testid=chat-input]").evaluate((el) => el === document.activeElement))
      .toBe(true);
  });

  it("dictates into the input: the words being heard show, the final ones join the draft, a pause ends it", async () => {
    await page.fill("[data-testid=chat-input]", "Question:");
    // the microphone comes with the message tools, on the first interaction
    await page.mouse.move(400, 300);
    await page.mouse.move(420, 320);
    const mic = page.locator("[data-testid=mic-button]");
    await mic.click();
    expect(await mic.getAttribute("aria-pressed")).toBe("true");
    expect(await mic.getAttribute("aria-label")).toBe("Stop dictation");
    const setup = await page.evaluate(() => {
      const rec = (window as unknown as { fakeRecognizer: { lang: string; interimResults: boolean } }).fakeRecognizer;
      return { lang: rec.lang, interim: rec.interimResults };
    });
    expect(setup).toEqual({ lang: "en-US", interim: true });
    const fake = (call: string) => page.evaluate(`window.fakeRecognizer.${call}`);
    await fake(`hear([["how do clouds", false]])`);
    await expect.poll(() => page.inputValue("[data-testid=chat-input]")).toBe("Question: how do clouds");
    await fake(`hear([["how do clouds form", true]])`);
    await expect.poll(() => page.inputValue("[data-testid=chat-input]")).toBe("Question: how do clouds form");
    await fake("silence()");
    await expect.poll(() => mic.getAttribute("aria-pressed")).toBe("false");
    expect(await page.inputValue("[data-testid=chat-input]")).toBe("Question: how do clouds form");

    // a second click stops it: words still being heard then are dropped
    await mic.click();
    await fake(`hear([["and rain", false]])`);
    await expect.poll(() => page.inputValue("[data-testid=chat-input]")).toBe("Question: how do clouds form and rain");
    await mic.click();
    await expect.poll(() => mic.getAttribute("aria-pressed")).toBe("false");
    expect(await page.inputValue("[data-testid=chat-input]")).toBe("Question: how do clouds form");
  });

  it("reads an answer aloud as a reader sees it, in its language, and stops on a second click", async () => {
    await page.goto(`${baseURL}/c/${readChat}`);
    const bot = page.locator("[data-testid=message][data-sender=bot]").last();
    await bot.waitFor();
    // the answers' tools load with the first move of the pointer
    await page.mouse.move(400, 300);
    await bot.hover();
    const button = bot.locator("[data-testid=read-aloud]");
    await button.click();
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
    expect(await button.getAttribute("aria-label")).toBe("Stop reading");
    type Spoken = { text: string; lang: string; onend: (() => void) | null };
    const spoken = () =>
      page.evaluate(() =>
        (window as unknown as { fakeSynth: { spoken: Spoken[] } }).fakeSynth.spoken.map((u) => [u.text, u.lang]),
      );
    // the markdown's syntax is gone, and the voice is English
    await expect.poll(spoken).toEqual([["Clouds form when the air cools. Then it rains!", "en-US"]]);
    // the speech ends: the button is Read aloud again
    await page.evaluate(() =>
      (window as unknown as { fakeSynth: { spoken: Spoken[] } }).fakeSynth.spoken[0]!.onend?.(),
    );
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("false");
    // read again, and stopped by a second click: the synthesizer is cancelled
    const cancels = () =>
      page.evaluate(() => (window as unknown as { fakeSynth: { cancels: number } }).fakeSynth.cancels);
    await button.click();
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => (await spoken()).length).toBe(2);
    const before = await cancels();
    await button.click();
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("false");
    expect(await cancels()).toBe(before + 1);
  });

  it("shows no microphone where the browser has no speech recognition", async () => {
    const bare = await launch({ locale: "en-US" });
    try {
      await bare.addInitScript({ content: NO_RECOGNIZER });
      const tab = bare.pages()[0] ?? (await bare.newPage());
      await signInAs(tab, account);
      await tab.mouse.move(400, 300);
      await tab.mouse.move(420, 320);
      await settled(tab);
      expect(await tab.locator("[data-testid=search-toggle]").count()).toBe(1);
      expect(await tab.locator("[data-testid=mic-button]").count()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
