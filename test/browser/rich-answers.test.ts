// Rich answers in Chromium against the built product, as a new user tries them offline on a phone: the offline model is
// asked for a Python function, a formula and a flowchart, and the answer shows coloured code, typeset math (KaTeX's
// fonts from the app itself) and a drawn diagram, in the light and the dark theme, at 375 px without the page
// scrolling sideways. Then hostile Mermaid, saved as an answer, stays inert, and a broken diagram shows its source.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, settled } from "./support/browser";
import { type ApiSession, apiAccount, call, savedChat, signInAs } from "./support/seed";

// the product whose offline model streams fast: the tests wait for whole answers, not for their pace
const baseURL = inject("fastBaseURL");
const answer = (page: Page) => page.locator("[data-testid=message][data-sender=bot]").last();

/** The computed colours of the first keyword and of plain code text in the answer's Python block. */
const codeColours = (page: Page) =>
  answer(page).evaluate((el) => {
    const code = el.querySelector(".md-code code.language-python");
    const keyword = code?.querySelector(".hljs-keyword");
    return { keyword: keyword && getComputedStyle(keyword).color, plain: code && getComputedStyle(code).color };
  });

const diagramSrc = (page: Page) => answer(page).locator(".md-diagram img").getAttribute("src");

describe("an answer with code, math and a diagram, offline, on a phone", () => {
  let ctx: BrowserContext;
  let page: Page;
  let session: ApiSession;

  beforeAll(async () => {
    session = await apiAccount(baseURL);
    ctx = await launch({ viewport: { width: 375, height: 812 }, locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAs(page, session);
    await page.fill("[data-testid=chat-input]", "Write a Python function, the integral formula and a flowchart");
    await page.keyboard.press("Enter");
    await answer(page).locator(".markdown:not([aria-busy])").waitFor({ timeout: 30_000 });
  });
  afterAll(async () => ctx?.close());

  it("colours the Python code, and colouring does not change the block's size", async () => {
    await answer(page).locator("code.language-python .hljs-keyword").first().waitFor();
    const colours = await codeColours(page);
    expect(colours.keyword).toBeTruthy();
    expect(colours.keyword).not.toBe(colours.plain);
    const heights = await answer(page).evaluate((el) => {
      const pre = el.querySelector(".md-code:has(code.language-python) pre") as HTMLElement;
      const before = pre.getBoundingClientRect().height;
      const plain = pre.cloneNode(true) as HTMLElement;
      for (const span of plain.querySelectorAll("span")) span.removeAttribute("class");
      pre.after(plain);
      const after = plain.getBoundingClientRect().height;
      plain.remove();
      return { before, after };
    });
    expect(heights.after).toBe(heights.before);
  });

  it("typesets the formulas with KaTeX's fonts from the app's own origin", async () => {
    await expect.poll(() => answer(page).locator(".katex").count()).toBeGreaterThanOrEqual(4);
    expect(await answer(page).locator(".md-math--error").count()).toBe(0);
    await page.evaluate(() => document.fonts.ready);
    const fonts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((name) => /KaTeX_.*\.(woff2?|ttf)/.test(name)),
    );
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(new URL(font).origin).toBe(new URL(baseURL).origin);
  });

  it("draws the flowchart as an image with its labels", async () => {
    const img = answer(page).locator(".md-diagram img");
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const svg = decodeURIComponent((await diagramSrc(page))?.split(",")[1] ?? "");
    // the labels' text, whatever tspans mermaid cut it into
    const text = svg.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    for (const label of ["Question", "Offline model", "Answer"]) expect(text).toContain(label);
  });

  it("shows the diagram's source one click away", async () => {
    const diagram = answer(page).locator(".md-diagram");
    await diagram.getByRole("button", { name: "Show code" }).click();
    expect(await diagram.locator("code.language-mermaid").textContent()).toContain("flowchart TD");
    await diagram.getByRole("button", { name: "Show diagram" }).click();
    await diagram.locator("img").waitFor();
  });

  it("keeps the page from scrolling sideways at 375 px", async () => {
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  });

  it("redraws in the dark theme: other code colours, a dark diagram", async () => {
    const light = {
      colours: await codeColours(page),
      diagram: await diagramSrc(page),
      text: await page.evaluate(() => getComputedStyle(document.body).color),
    };
    await page.evaluate(() => {
      document.documentElement.dataset.theme = "dark";
    });
    await expect.poll(() => diagramSrc(page)).not.toBe(light.diagram);
    const dark = await codeColours(page);
    expect(dark.keyword).not.toBe(light.colours.keyword);
    expect(dark.keyword).not.toBe(dark.plain);
    // the page's text colour fades for 0.2 s after a theme change: read both colours in one frame, until it settles
    const formulaAndText = () =>
      answer(page).evaluate((el) => {
        const formula = el.querySelector(".katex");
        return formula ? getComputedStyle(formula).color === getComputedStyle(el).color : false;
      });
    await expect.poll(formulaAndText).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).not.toBe(light.text);
  });
});

describe("a saved answer with hostile and broken diagrams and a big table, on a phone", () => {
  let ctx: BrowserContext;
  let page: Page;

  const COLUMNS = Array.from({ length: 9 }, (_, i) => `Column ${i + 1}`);
  const TABLE = [
    `| ${COLUMNS.join(" | ")} |`,
    `|${COLUMNS.map(() => "---").join("|")}|`,
    ...Array.from({ length: 40 }, (_, r) => `| ${COLUMNS.map((_, c) => `**r${r}** c${c}`).join(" | ")} |`),
  ].join("\n");

  const HOSTILE = [
    'flowchart TD\n  A["<img src=x onerror=window.__pwned=1>"] --> B\n  click A "javascript:window.__pwned=2"',
    '%%{init: {"securityLevel": "loose"}}%%\nflowchart TD\n  A --> B\n  click A call window.__pwnedFn()',
    "flowchart TD\n  A[<script>window.__pwned=3</script>] --> B",
  ];

  beforeAll(async () => {
    const session = await apiAccount(baseURL);
    const chat = await call<{ data: { id: string } }>(session, "POST", "/chat-sessions", { title: "Diagrams" });
    const text = [
      ...HOSTILE.map((d) => `\`\`\`mermaid\n${d}\n\`\`\``),
      "```mermaid\nflowchart TD\n  A --> (\n```",
      TABLE,
    ].join("\n\n");
    await call(session, "POST", "/media-api/api/chat/save", {
      chat_id: chat.data.id,
      messages: [
        { message_id: "q", sender: "user", message: "Draw these", created_at: Date.now() - 1000 },
        { message_id: "a", sender: "bot", message: text, model: "gpt-4.1-mini", created_at: Date.now() },
      ],
    });
    ctx = await launch({ viewport: { width: 375, height: 812 }, locale: "en-US" });
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.addInitScript(() => {
      (window as unknown as { __pwnedFn: () => void }).__pwnedFn = () => {
        (window as unknown as { __pwned: number }).__pwned = 4;
      };
    });
    await signInAs(page, session);
    await page.goto(`${baseURL}/c/${chat.data.id}`);
  });
  afterAll(async () => ctx?.close());

  it("draws them as images that run nothing, even when clicked", async () => {
    const drawn = answer(page).locator(".md-diagram[data-state=drawn] img");
    await expect.poll(() => drawn.count()).toBe(HOSTILE.length);
    for (const img of await drawn.all()) await img.click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // the diagrams are images: no SVG, script or frame of theirs in the page
    expect(await answer(page).locator(".md-diagram").locator("svg, script, iframe, foreignObject").count()).toBe(0);
  });

  it("shows a broken diagram's source with a note, and the rest of the answer as usual", async () => {
    const broken = answer(page).locator(".md-diagram[data-state=failed]");
    await broken.waitFor();
    expect(await broken.locator(".md-diagram__error").textContent()).toBe(
      "Could not draw this diagram; here is its source",
    );
    expect(await broken.locator("code").textContent()).toContain("A --> (");
  });

  it("scrolls a wide, tall table inside the message, its header row staying in view", async () => {
    const box = answer(page).locator(".md-table");
    await box.waitFor();
    const scrolled = await box.evaluate((el) => {
      el.scrollTop = 600;
      el.scrollLeft = 200;
      const header = el.querySelector("th")?.getBoundingClientRect();
      const view = el.getBoundingClientRect();
      return {
        wide: el.scrollWidth > el.clientWidth,
        tall: el.scrollHeight > el.clientHeight,
        headerTop: Math.round(header?.top ?? -1),
        boxTop: Math.round(view.top),
        scrollTop: el.scrollTop,
      };
    });
    expect(scrolled).toMatchObject({ wide: true, tall: true, scrollTop: 600 });
    expect(scrolled.headerTop).toBe(scrolled.boxTop);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  });

  it("copies the table for a spreadsheet, and the answer as plain text", async () => {
    await answer(page).getByRole("button", { name: "Copy for spreadsheet" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Column 1\tColumn 2\t/);
    const rows = (await page.evaluate(() => navigator.clipboard.readText())).split("\n");
    expect(rows).toHaveLength(41);
    expect(rows[1]?.split("\t")[0]).toBe("r0 c0");
    await answer(page).locator("[data-testid=copy-plain]").click();
    // the whole answer replaces the table in the clipboard (its diagram's source is not in the table)
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain("flowchart TD");
    const plain = await page.evaluate(() => navigator.clipboard.readText());
    expect(plain).not.toContain("**");
    expect(plain).toContain("r39 c8");
  });
});

describe("a long saved chat of code and math, opened from the chat list", () => {
  let ctx: BrowserContext;
  let page: Page;
  let session: ApiSession;
  let rich: string;
  let other: string;

  const ANSWERS = 30;
  const richAnswer = (i: number) =>
    [
      `## Part ${i}`,
      ...Array.from(
        { length: 4 },
        (_, k) => `\`\`\`python\n# example ${i}.${k}\ndef area(radius):\n    return 3.14159 * radius * radius\n\`\`\``,
      ),
      `$$\n\\int_0^{${i}} x^2\\,dx = \\frac{${i}^3}{3}\n$$`,
      `The mean is $\\bar x = \\frac{1}{${i}}\\sum_i x_i$.`,
    ].join("\n\n");

  /**
   * Opens the long chat from the list while another chat shows; returns how far its view is above its end, in pixels,
   * once its last answer is coloured and typeset and the list has stopped moving. `slowdown`: the CPU slowed as a phone's.
   */
  async function openFromList(width: number, slowdown: number): Promise<{ distance: number; button: number }> {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${baseURL}/c/${other}`);
    await answer(page).locator(".markdown:not(.markdown--pending)").waitFor();
    // the chat list is beside the chat on a wide screen, in the drawer on a phone (up to 768 px: use-media-query.ts).
    // Decided by the width, not by the link being visible yet: the list may still be loading, and on a wide screen
    // the toggle would fold the list away.
    const link = page.locator(`[data-testid=history-item][data-chat-id="${rich}"] a`);
    if (width <= 768) await page.locator("[data-testid=drawer-toggle]").click();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await link.click();
    const last = page.locator(`[data-testid=message][data-message-id="a${ANSWERS - 1}"]`);
    await last.locator(".hljs-keyword").first().waitFor({ state: "attached" });
    await last.locator(".katex").first().waitFor({ state: "attached" });
    await settled(page);
    const list = page.locator("[data-testid=message-list]");
    // every row below the view measured and every answer's late work (colours, fonts) done: the list no longer moves
    let previous = -1;
    await expect
      .poll(async () => {
        const height = await list.evaluate((el) => el.scrollHeight);
        const same = height === previous;
        previous = height;
        return same;
      })
      .toBe(true);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
    return {
      distance: await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight),
      button: await page.locator("[data-testid=scroll-to-bottom]").count(),
    };
  }

  beforeAll(async () => {
    session = await apiAccount(baseURL);
    rich = await savedChat(
      session,
      "Code and math",
      Array.from({ length: ANSWERS }, (_, i) => richAnswer(i)),
    );
    other = await savedChat(session, "Another chat", ["Nothing *special* here."]);
    ctx = await launch({ viewport: { width: 412, height: 800 }, locale: "en-US" });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAs(page, session);
  });
  afterAll(async () => ctx?.close());

  // the list measures rows above the view while the last answers colour and typeset: the view follows the end, and
  // every block is coloured however late the highlighter arrives
  it.each([
    [1280, 1],
    [412, 4],
  ])("lands at the chat's end, its code coloured, at %i px with the CPU slowed %i×", async (width, slowdown) => {
    const opened = await openFromList(width, slowdown);
    expect(opened.distance).toBeLessThanOrEqual(48);
    expect(opened.button).toBe(0);
  });
});
