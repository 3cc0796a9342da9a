// The offline image model draws a real PNG from the prompt: valid container (signature, IHDR, IDAT, IEND, every
// CRC), 512×512 RGB, small, deterministic, different for different prompts, and an edit a visibly different
// variant of the original.
import { describe, expect, it } from "vitest";
import { editOffline, generateOffline, OFFLINE_IMAGE_SIZE } from "../../../worker/images/offline";
import { encodePng } from "../../../worker/images/png";
import { readPngChunks } from "../../../worker/images/png";

async function pixels(png: Uint8Array): Promise<Uint8Array> {
  const chunks = readPngChunks(png)!;
  const idat = chunks.filter((c) => c.type === "IDAT").map((c) => c.data);
  const joined = new Uint8Array(idat.reduce((n, d) => n + d.length, 0));
  let at = 0;
  for (const d of idat) {
    joined.set(d, at);
    at += d.length;
  }
  const raw = new Uint8Array(
    await new Response(new Blob([joined]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer(),
  );
  // Undo the Sub filter the encoder uses on every row.
  const stride = OFFLINE_IMAGE_SIZE * 3;
  const out = new Uint8Array(OFFLINE_IMAGE_SIZE * stride);
  for (let y = 0; y < OFFLINE_IMAGE_SIZE; y++) {
    expect(raw[y * (stride + 1)]).toBe(1);
    for (let x = 0; x < stride; x++) {
      const left = x >= 3 ? out[y * stride + x - 3]! : 0;
      out[y * stride + x] = (raw[y * (stride + 1) + 1 + x]! + left) & 0xff;
    }
  }
  return out;
}

/** Share of pixels whose colour differs by more than a little. */
function changedShare(a: Uint8Array, b: Uint8Array): number {
  let changed = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 30) changed++;
  }
  return changed / (a.length / 3);
}

describe("offline image model", () => {
  it("draws a valid 512×512 RGB PNG under 200 KB", async () => {
    const { bytes, contentType, offline } = await generateOffline("a pagoda on a misty lake");
    expect(contentType).toBe("image/png");
    expect(offline).toBe(true);
    const chunks = readPngChunks(bytes);
    expect(chunks).not.toBeNull();
    expect(chunks!.map((c) => c.type)).toContain("IDAT");
    expect(chunks![0]!.type).toBe("IHDR");
    expect(chunks!.at(-1)!.type).toBe("IEND");
    expect(chunks!.every((c) => c.crcOk)).toBe(true);
    const ihdr = new DataView(chunks![0]!.data.buffer, chunks![0]!.data.byteOffset, 13);
    expect([ihdr.getUint32(0), ihdr.getUint32(4), ihdr.getUint8(8), ihdr.getUint8(9)]).toEqual([512, 512, 8, 2]);
    expect(bytes.length).toBeLessThan(200 * 1024);
    // A picture, not a flat fill: many distinct colours.
    const px = await pixels(bytes);
    const colours = new Set<number>();
    for (let i = 0; i < px.length; i += 3 * 97) colours.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
    expect(colours.size).toBeGreaterThan(50);
  });

  it("is deterministic: the same prompt (ignoring case and spacing) gives the same bytes", async () => {
    const a = await generateOffline("A red  kite over Hà Nội");
    const b = await generateOffline("a red kite over hà nội");
    expect(b.bytes).toEqual(a.bytes);
  });

  it("draws different pictures for different prompts", async () => {
    const a = await pixels((await generateOffline("a red kite")).bytes);
    const b = await pixels((await generateOffline("a blue whale")).bytes);
    expect(changedShare(a, b)).toBeGreaterThan(0.3);
  });

  it("edits into a visibly different variant, deterministically", async () => {
    const original = (await generateOffline("a red kite")).bytes;
    const edited = await editOffline("make it night", original);
    expect(readPngChunks(edited.bytes)!.every((c) => c.crcOk)).toBe(true);
    expect(changedShare(await pixels(original), await pixels(edited.bytes))).toBeGreaterThan(0.3);
    expect((await editOffline("make it night", original)).bytes).toEqual(edited.bytes);
    expect((await editOffline("add a moon", original)).bytes).not.toEqual(edited.bytes);
  });

  it("edits a picture it did not draw (a hash of its bytes is the seed)", async () => {
    const foreign = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const edited = await editOffline("make it night", foreign);
    expect(readPngChunks(edited.bytes)).not.toBeNull();
  });

  it.each([
    [
      "en",
      "a pagoda on a misty lake",
      "Offline model: an abstract picture drawn from “a pagoda on a misty lake”",
      "Offline model: a variant of the original picture",
    ],
    [
      "vi",
      "một ngôi chùa bên hồ sương mù",
      "Mô hình ngoại tuyến: một bức tranh trừu tượng vẽ từ “một ngôi chùa bên hồ sương mù”",
      "Mô hình ngoại tuyến: một biến thể của ảnh gốc",
    ],
    [
      "ru",
      "пагода на туманном озере",
      "Офлайн-модель: абстрактная картинка по запросу «пагода на туманном озере»",
      "Офлайн-модель: вариант исходной картинки",
    ],
    [
      "zh",
      "雾中湖边的宝塔",
      "离线模型：根据「雾中湖边的宝塔」绘制的一幅抽象图",
      "离线模型：根据「雾中湖边的宝塔」绘制的原图变体",
    ],
  ])("describes its picture and its edit in the prompt's language (%s)", async (lang, prompt, drawn, edited) => {
    const made = await generateOffline(prompt);
    expect(made.description).toContain(drawn);
    const original = await encodePng(4, 4, new Uint8Array(4 * 4 * 3).fill(200));
    expect((await editOffline(prompt, original)).description).toContain(edited);
    if (lang !== "en") expect(`${made.description}`).not.toMatch(/Offline|provider|picture/);
  });
});
