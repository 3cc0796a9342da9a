// The compression presets and steps, and how they drive browser-image-compression (mocked: jsdom has no
// canvas): mobile 1000×750 q0.6 target 300 KB hard max 500 KB; desktop 1600×1200 q0.7 target 500 KB hard max 800 KB;
// WebP preferred with JPEG fallback; up to 3 reductions of 0.1 down to 0.3; the original kept when not smaller.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const compress = vi.fn();
vi.mock("browser-image-compression", () => ({ default: compress }));

const KB = 1024;

async function load() {
  vi.resetModules();
  return import("../../web/src/features/attachments/compression");
}

describe("compression presets", () => {
  it("are the two presets' boxes, qualities and sizes, and up to 3 reductions of 0.1 down to 0.3", async () => {
    const { PRESETS, MAX_QUALITY_REDUCTIONS, QUALITY_STEP, MIN_QUALITY } = await load();
    expect(PRESETS.mobile).toEqual({
      maxWidth: 1000,
      maxHeight: 750,
      quality: 0.6,
      targetBytes: 300 * KB,
      hardMaxBytes: 500 * KB,
    });
    expect(PRESETS.desktop).toEqual({
      maxWidth: 1600,
      maxHeight: 1200,
      quality: 0.7,
      targetBytes: 500 * KB,
      hardMaxBytes: 800 * KB,
    });
    expect([MAX_QUALITY_REDUCTIONS, QUALITY_STEP, MIN_QUALITY]).toEqual([3, 0.1, 0.3]);
  });

  it("use the mobile preset at 768 px wide or less", async () => {
    const { presetFor, PRESETS } = await load();
    expect(presetFor(768)).toBe(PRESETS.mobile);
    expect(presetFor(769)).toBe(PRESETS.desktop);
  });

  it("try at most 3 quality reductions of 0.1, never below 0.3", async () => {
    const { qualitySteps, PRESETS } = await load();
    expect(qualitySteps(PRESETS.desktop)).toEqual([0.7, 0.6, 0.5, 0.4]);
    expect(qualitySteps(PRESETS.mobile)).toEqual([0.6, 0.5, 0.4, 0.3]);
    expect(qualitySteps({ ...PRESETS.mobile, quality: 0.4 })).toEqual([0.4, 0.3]);
  });

  it("fit the picture in the preset's box either way round, never enlarging it", async () => {
    const { fitInBox, PRESETS } = await load();
    expect(fitInBox(4000, 3000, PRESETS.desktop)).toEqual({ width: 1600, height: 1200 });
    expect(fitInBox(3000, 4000, PRESETS.desktop)).toEqual({ width: 1200, height: 1600 });
    expect(fitInBox(4000, 1000, PRESETS.mobile)).toEqual({ width: 1000, height: 250 });
    expect(fitInBox(800, 600, PRESETS.desktop)).toEqual({ width: 800, height: 600 });
  });

  it("compress only photos over the target (not GIFs, SVGs or documents)", async () => {
    const { needsCompression, PRESETS } = await load();
    expect(needsCompression({ type: "image/jpeg", size: 500 * KB + 1 }, PRESETS.desktop)).toBe(true);
    expect(needsCompression({ type: "image/jpeg", size: 500 * KB }, PRESETS.desktop)).toBe(false);
    expect(needsCompression({ type: "image/png", size: 301 * KB }, PRESETS.mobile)).toBe(true);
    expect(needsCompression({ type: "image/gif", size: 4 * 1024 * KB }, PRESETS.mobile)).toBe(false);
    expect(needsCompression({ type: "application/pdf", size: 4 * 1024 * KB }, PRESETS.mobile)).toBe(false);
  });
});

describe("compressImage", () => {
  const original = new File([new Uint8Array(2 * 1024 * KB)], "photo.jpg", { type: "image/jpeg" });
  const out = (bytes: number, type = "image/webp") => new File([new Uint8Array(bytes)], "x", { type });

  beforeEach(() => {
    compress.mockReset();
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => ({ width: 4000, height: 3000, close: () => {} })),
    );
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/webp;base64,AAAA");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("stops at the first quality that reaches the target, as WebP in the preset's box", async () => {
    const { compressImage, PRESETS } = await load();
    compress.mockResolvedValueOnce(out(700 * KB)).mockResolvedValueOnce(out(450 * KB));
    const progress: number[] = [];
    const result = await compressImage(original, PRESETS.desktop, (p) => progress.push(p));
    expect(compress).toHaveBeenCalledTimes(2);
    expect(compress.mock.calls.map(([, o]) => o.initialQuality)).toEqual([0.7, 0.6]);
    expect(compress.mock.calls[0]?.[1]).toMatchObject({
      maxWidthOrHeight: 1600,
      fileType: "image/webp",
      useWebWorker: false,
    });
    expect(result.size).toBe(450 * KB);
    expect(result.name).toBe("photo.webp");
    expect(result.type).toBe("image/webp");
    expect(progress.at(-1)).toBe(100);
  });

  it("falls back to JPEG where the browser cannot encode WebP", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/png;base64,AAAA");
    const { compressImage, PRESETS } = await load();
    compress.mockResolvedValue(out(200 * KB, "image/jpeg"));
    const result = await compressImage(original, PRESETS.mobile);
    expect(compress.mock.calls[0]?.[1]).toMatchObject({
      fileType: "image/jpeg",
      maxWidthOrHeight: 1000,
      initialQuality: 0.6,
    });
    expect(result.name).toBe("photo.jpg");
  });

  it("tries 1 + 3 qualities, then one last pass when still over the hard max", async () => {
    const { compressImage, PRESETS } = await load();
    compress.mockResolvedValue(out(900 * KB));
    compress
      .mockResolvedValueOnce(out(900 * KB))
      .mockResolvedValueOnce(out(900 * KB))
      .mockResolvedValueOnce(out(900 * KB))
      .mockResolvedValueOnce(out(850 * KB));
    compress.mockResolvedValueOnce(out(780 * KB));
    const result = await compressImage(original, PRESETS.desktop);
    expect(compress.mock.calls.map(([, o]) => o.initialQuality)).toEqual([0.7, 0.6, 0.5, 0.4, 0.4]);
    expect(compress.mock.calls[4]?.[1]).toMatchObject({ maxSizeMB: (800 * KB) / (1024 * KB) });
    expect(result.size).toBe(780 * KB);
  });

  it("keeps the original when the result is not smaller", async () => {
    const { compressImage, PRESETS } = await load();
    const small = new File([new Uint8Array(400 * KB)], "small.png", { type: "image/png" });
    compress.mockResolvedValue(out(400 * KB));
    expect(await compressImage(small, PRESETS.mobile)).toBe(small);
  });

  it("keeps the original when the browser cannot decode the picture", async () => {
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => Promise.reject(new Error("bad image"))),
    );
    const { compressImage, PRESETS } = await load();
    expect(await compressImage(original, PRESETS.desktop)).toBe(original);
    expect(compress).not.toHaveBeenCalled();
  });
});
