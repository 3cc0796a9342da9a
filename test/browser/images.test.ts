// Image mode, the gallery and attachments in a real browser, end to end on the offline models: draw a picture, redraw
// it with "vẽ lại" (an edit of the first), find both in the gallery, attach a text file and an image to a question and
// see the offline model's answer list them (also after a reload), and hit each attachment limit (10 files, 5 MB each,
// 20 MB together); on a phone, in Vietnamese, a 7.5 MB photo is compressed and attached while a 7.5 MB file that is
// not a photo is refused.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, SHOTS_DIR } from "./support/browser";
import { apiAccount, signInAs } from "./support/seed";

// the product whose offline model ends an answer in about a second (./support/server.ts): these tests wait for answers
// to end, never act while one is being written
const baseURL = inject("fastBaseURL");
let ctx: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const imageCalls: Record<string, unknown>[] = [];

const MB = 1024 * 1024;

/** A valid PNG of `w`×`h` pixels in one colour, for the upload (the worker sniffs the bytes). */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const text = (name: string, bytes: number, first = "line") => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.concat([Buffer.from(`${first}\n`), Buffer.alloc(Math.max(0, bytes - first.length - 1), 97)]),
});

/**
 * A large text file written to disk, chosen by its path as a user picks it: the browser reads it itself, where a
 * buffer would go to the browser as base64 over the debugging protocol (about 4 s per 5 MB here).
 */
function textOnDisk(name: string, bytes: number): string {
  const dir = join(tmpdir(), "may-browser-files");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, text(name, bytes).buffer);
  return path;
}

async function openUploadMenu() {
  if (!(await page.isVisible("[data-testid=upload-menu]"))) await page.click("[data-testid=attach-button]");
  await page.waitForSelector("[data-testid=upload-menu]");
}

async function lastToast(): Promise<string> {
  const toast = page.locator("[data-testid=toast]").last();
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

async function send(question: string) {
  await page.fill("[data-testid=chat-input]", question);
  await page.keyboard.press("Enter");
}

const generated = "[data-testid=message][data-sender=bot] img[alt='Generated image']";

beforeAll(async () => {
  ctx = await launch({ locale: "en-US" });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  page.on("pageerror", (e) => pageErrors.push(e.message));
  page.on("request", (req) => {
    if (req.url().endsWith("/api/chat/image") && req.method() === "POST")
      imageCalls.push(JSON.parse(req.postData() ?? "{}"));
  });
  await signInAs(page, await apiAccount(baseURL));
  await page.waitForSelector("[data-testid=greeting]");
});
afterAll(async () => ctx?.close());

describe("images and attachments in the browser", () => {
  let firstImage = "";

  it("draws a picture in image mode, says the offline model drew it, and turns image mode off after the send", async () => {
    await page.click("[data-testid=header-create-image]");
    await page.waitForSelector("[data-testid=image-mode-chip]");
    await send("A red lighthouse at dusk");
    await page.waitForSelector(generated);
    firstImage = (await page.getAttribute(generated, "src")) ?? "";
    expect(firstImage).toMatch(/^\/media-api\/api\/images\/[\w.:-]+$/);
    const size = await page.$eval(
      generated,
      (img) =>
        new Promise<number>((r) =>
          (img as HTMLImageElement).complete
            ? r((img as HTMLImageElement).naturalWidth)
            : img.addEventListener("load", () => r((img as HTMLImageElement).naturalWidth)),
        ),
    );
    expect(size).toBe(512); // the owner-only URL serves the real picture
    expect(await page.textContent("[data-testid=message][data-sender=bot] .msg__meta")).toContain("Drawn offline");
    expect(await page.isVisible("[data-testid=image-mode-chip]")).toBe(false);
    expect(imageCalls.at(-1)).toMatchObject({
      question: "A red lighthouse at dusk",
      is_edit: false,
      original_image: null,
    });
  });

  it("redraws it with “vẽ lại”: an edit of the latest generated picture", async () => {
    await send("vẽ lại");
    await expect.poll(() => page.locator(generated).count(), { timeout: 30_000 }).toBe(2);
    expect(imageCalls.at(-1)).toMatchObject({ question: "vẽ lại", is_edit: true, original_image: firstImage });
    const second = await page.locator(generated).nth(1).getAttribute("src");
    expect(second).not.toBe(firstImage);
    await page.screenshot({ path: `${SHOTS_DIR}/images-chat.png` });
  });

  it("finds both pictures in the gallery, newest first, opens one full size and goes back to its chat", async () => {
    const chatUrl = page.url();
    await page.click("[data-testid=header-gallery]");
    await page.waitForURL("**/gallery");
    await expect.poll(() => page.locator("[data-testid=gallery-item]").count()).toBe(2);
    const items = page.locator("[data-testid=gallery-item]");
    expect(await items.nth(0).getAttribute("data-edit")).toBe("true");
    expect(await items.nth(1).getAttribute("data-edit")).toBe("false");
    expect(await items.nth(1).locator("[data-testid=gallery-prompt]").textContent()).toBe("A red lighthouse at dusk");
    expect(await items.nth(0).locator("[data-testid=gallery-download]").getAttribute("download")).toMatch(
      /^may-image-/,
    );
    await items.nth(1).locator(".gallery-item__open").click();
    await page.waitForSelector("[data-testid=gallery-viewer] img");
    expect(await page.getAttribute("[data-testid=gallery-viewer] img", "src")).toBe(firstImage);
    await page.screenshot({ path: `${SHOTS_DIR}/images-gallery.png` });
    await page.click("[data-testid=gallery-viewer] [data-testid=gallery-open-chat]");
    await page.waitForURL(chatUrl);
    await page.waitForSelector(generated);
  });

  it("warns as the day's image generations run out, then refuses with an upgrade action", async () => {
    // A free account draws 3 a day: after 2 the last one is left, critically warned and still reachable
    // (web/src/features/models/availability.ts); once it is spent, images are refused without a call.
    expect(await page.getAttribute("[data-testid=usage-warning]", "data-severity")).toBe("critical");
    expect(await page.textContent("[data-testid=usage-warning-message]")).toBe("Only 1 image generation left today.");
    await page.click("[data-testid=attach-button]");
    await page.click("[data-testid=menu-create-image]");
    await page.waitForSelector("[data-testid=image-mode-chip]");
    const calls = imageCalls.length;
    await send("A third picture");
    // the list is virtualized, so the new picture is found by its prompt rather than by counting pictures
    await page
      .locator("[data-testid=message][data-sender=bot]", { hasText: "A third picture" })
      .locator("img[alt='Generated image']")
      .waitFor({ timeout: 30_000 });
    expect(imageCalls.length).toBe(calls + 1);
    await page.click("[data-testid=attach-button]");
    await page.click("[data-testid=menu-create-image]");
    await page.waitForSelector("[data-testid=image-mode-chip]");
    const before = imageCalls.length;
    await send("A fourth picture");
    await expect.poll(lastToast).toContain("You have used all of today's image generations.");
    expect(imageCalls.length).toBe(before);
    expect(await page.inputValue("[data-testid=chat-input]")).toBe("A fourth picture");
    await page.click("[data-testid=toast] button:has-text('Upgrade now')");
    await page.waitForURL("**/upgrade");
    await page.goBack();
    await page.waitForSelector(generated);
    await page.click("[data-testid=image-mode-off]");
    await page.fill("[data-testid=chat-input]", "");
  });

  it("attaches a text file and an image, uploads them, and the answer lists what the model received", async () => {
    await openUploadMenu();
    expect(await page.getAttribute("[data-testid=upload-screenshot]", "data-locked")).toBe("true");
    expect(await page.isVisible("[data-testid=upload-upgrade]")).toBe(true);
    await page.setInputFiles("[data-testid=file-input]", [
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Mây remembers the harbour\nsecond line\n") },
      { name: "dot.png", mimeType: "image/png", buffer: png(8, 8, [200, 30, 30]) },
    ]);
    await expect.poll(() => page.locator("[data-testid=attachment-chip][data-status=ready]").count()).toBe(2);
    await send("What do these files say?");
    // the list is virtualized (rows of older messages come and go), so the answer is found by what it says, not by
    // counting answers
    const answer = page.locator("[data-testid=message][data-sender=bot]", { hasText: "Files I received" }).last();
    await answer.waitFor({ timeout: 30_000 });
    await expect.poll(() => answer.getAttribute("data-streaming"), { timeout: 30_000 }).toBe("false");
    const said = (await answer.textContent()) ?? "";
    expect(said).toContain("Files I received");
    expect(said).toContain("notes.txt");
    expect(said).toContain("Mây remembers the harbour");
    expect(said).toContain("dot.png");
    expect(await page.locator("[data-testid=attachment-chip]").count()).toBe(0);
    const question = page.locator("[data-testid=message][data-sender=user]").last();
    await expect.poll(() => question.locator("[data-testid=message-attachment]").count()).toBe(2);

    await page.reload();
    const reloaded = page.locator("[data-testid=message][data-sender=user]").last();
    await reloaded.locator("[data-testid=message-attachment]").first().waitFor();
    expect(await reloaded.locator("[data-testid=message-attachment]").count()).toBe(2);
    const thumb = reloaded.locator("[data-testid=message-attachment][data-group=image] img");
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
    await page.screenshot({ path: `${SHOTS_DIR}/images-attachments.png` });
  });

  it("refuses 11 files with the at-most-10-files alert", async () => {
    await openUploadMenu();
    await page.setInputFiles(
      "[data-testid=file-input]",
      Array.from({ length: 11 }, (_, i) => text(`f${i}.txt`, 10)),
    );
    expect(await lastToast()).toContain("You can choose at most 10 files.");
    expect(await page.locator("[data-testid=attachment-chip]").count()).toBe(0);
  });

  it("refuses a file over 5 MB with the too-large alert naming it", async () => {
    await openUploadMenu();
    await page.setInputFiles("[data-testid=file-input]", [textOnDisk("big.txt", 5 * MB + 1)]);
    await expect.poll(lastToast).toContain('File "big.txt" is too large. The maximum size is 5MB.');
    expect(await page.locator("[data-testid=attachment-chip]").count()).toBe(0);
  });

  it("refuses more than 20 MB together with the total-size alert", async () => {
    await openUploadMenu();
    await page.setInputFiles(
      "[data-testid=file-input]",
      Array.from({ length: 5 }, (_, i) => textOnDisk(`part${i}.txt`, 4.5 * MB)),
    );
    await expect.poll(lastToast).toContain("The total size of the files exceeds 20MB.");
    expect(await page.locator("[data-testid=attachment-chip]").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

/**
 * A phone camera's JPEG: 4000×3000 pixels of gradients and grain at quality 93, about 7.7 MB (grain keeps it large,
 * as a real photo's detail does). Deterministic.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const grain = seed >>> 26; // 0–63
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + grain) & 255;
      raw[i + 1] = ((y * 255) / height + grain) & 255;
      raw[i + 2] = (((x + y) * 128) / (width + height) + grain) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 93 })
    .toBuffer();
}

describe("a phone photo over 5 MB, in Vietnamese", () => {
  let phone: BrowserContext;
  let p: Page;
  beforeAll(async () => {
    phone = await launch({ phone: true, locale: "vi-VN" });
    p = phone.pages()[0] ?? (await phone.newPage());
    await signInAs(p, await apiAccount(baseURL));
    await p.waitForSelector("[data-testid=greeting]");
  });
  afterAll(async () => phone?.close());

  // compressing 12 megapixels on a loaded two-core machine takes seconds
  it("is compressed with the phone preset and attached, and the answer lists it", { timeout: 120_000 }, async () => {
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(7 * MB);
    expect(photo.length).toBeLessThan(8 * MB);
    await p.click("[data-testid=attach-button]");
    const onDisk = join(tmpdir(), "may-browser-files", "IMG_2024.jpg");
    mkdirSync(dirname(onDisk), { recursive: true });
    writeFileSync(onDisk, photo);
    await p.setInputFiles("[data-testid=file-input]", [onDisk]);
    const chip = p.locator("[data-testid=attachment-chip]");
    // taken in at once (a chip, compressing) or refused at once (the size alert): it must be taken in
    await p.locator("[data-testid=attachment-chip], [data-testid=toast]").first().waitFor();
    expect(await p.locator("[data-testid=toast]").allTextContents()).toEqual([]);
    await p.locator("[data-testid=attachment-chip][data-status=ready]").waitFor({ timeout: 60_000 });
    expect(Number(await chip.getAttribute("data-original-size"))).toBe(photo.length);
    // the phone preset: at most 500 KB, as WebP (or JPEG where the browser cannot write WebP)
    const size = Number(await chip.getAttribute("data-size"));
    expect(size).toBeLessThanOrEqual(500 * 1024);
    expect(await chip.getAttribute("data-name")).toMatch(/^IMG_2024\.(webp|jpg)$/);
    expect(await p.locator("[data-testid=toast]").count()).toBe(0);
    await p.fill("[data-testid=chat-input]", "Ảnh này chụp gì?");
    await p.keyboard.press("Enter");
    // the worker took the compressed photo: the offline model lists it with its size
    const answer = p.locator("[data-testid=message][data-sender=bot]").last();
    await expect
      .poll(() => answer.textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`\\(${size} byte, image/(webp|jpeg)\\)`));
  });

  it("still refuses a 7.5 MB file that is not a photo, with the Vietnamese alert", async () => {
    await p.click("[data-testid=attach-button]");
    await p.setInputFiles("[data-testid=file-input]", [textOnDisk("ghi-chu.txt", 7.5 * MB)]);
    const toast = p.locator("[data-testid=toast]").last();
    await expect.poll(() => toast.textContent()).toContain('File "ghi-chu.txt" quá lớn. Kích thước tối đa là 5MB.');
    expect(await p.locator("[data-testid=attachment-chip]").count()).toBe(0);
  });
});
