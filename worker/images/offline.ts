// The offline image model: with no image provider configured, a real picture is drawn from the prompt so the
// product runs (and is tested) end to end without a key. It is deterministic — the same prompt always gives the
// same PNG — and different prompts give different pictures: a hash of the prompt picks the palette, the gradient's
// angle and a composition of circles, rings and bars. An edit keeps the original's seed (read from its PNG text
// chunk, or hashed from its bytes) and mixes in the edit prompt, so it draws a visibly different variant of it.
// The UI says plainly that the offline model drew it (GeneratedImage.offline), and so does the picture's description,
// in the prompt's language (the product's language guess, as the offline chat answer uses).
import { type DetectedLanguage, detectLanguage } from "../protocol/language";
import { encodePng, pngText } from "./png";
import type { GeneratedImage } from "./types";

/** Side of the square picture, in pixels: big enough to look like an image, small enough (~30–120 KB) to store. */
export const OFFLINE_IMAGE_SIZE = 512;
export const OFFLINE_IMAGE_MODEL = "offline-image";
/** The PNG text key that carries the drawing's seed (hex). */
const SEED_KEY = "may-seed";

/** FNV-1a (32-bit) of a string's UTF-8 bytes, continuing from `seed`. */
function hash(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

interface Shape {
  kind: "circle" | "ring" | "bar";
  x: number;
  y: number;
  r: number;
  w: number;
  h: number;
  color: Rgb;
  alpha: number;
}

/** Draws the picture of a seed; `variant` (an edit) keeps the palette family and moves everything else. */
function draw(seed: number, variant: number | null): Uint8Array {
  const size = OFFLINE_IMAGE_SIZE;
  const base = random(seed);
  const hue = base() * 360;
  const harmony = [30, 150, 180, 210][Math.floor(base() * 4)]!;
  const rnd = variant === null ? base : random(variant);
  // An edit turns the hues and the light around, so the variant is visibly different but related.
  const shift = variant === null ? 0 : 40 + rnd() * 80;
  const top = hsl((hue + shift) % 360, 0.65, variant === null ? 0.25 + base() * 0.2 : 0.6);
  const bottom = hsl((hue + harmony + shift) % 360, 0.7, variant === null ? 0.55 + base() * 0.2 : 0.3);
  const angle = rnd() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const shapes: Shape[] = Array.from({ length: 5 + Math.floor(rnd() * 5) }, () => ({
    kind: (["circle", "ring", "bar"] as const)[Math.floor(rnd() * 3)]!,
    x: rnd() * size,
    y: rnd() * size,
    r: 30 + rnd() * 110,
    w: 60 + rnd() * 260,
    h: 16 + rnd() * 60,
    color: hsl((hue + shift + [0, harmony, harmony / 2, 180][Math.floor(rnd() * 4)]!) % 360, 0.75, 0.35 + rnd() * 0.4),
    alpha: 0.45 + rnd() * 0.45,
  }));

  // The gradient first, then each shape blended over its bounding box only (in order), in floats until the end.
  const buf = new Float32Array(size * size * 3);
  const half = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Position along the gradient's direction, 0..1.
      const t = Math.min(1, Math.max(0, ((x - half) * dx + (y - half) * dy) / size + 0.5));
      const i = (y * size + x) * 3;
      buf[i] = top[0] + (bottom[0] - top[0]) * t;
      buf[i + 1] = top[1] + (bottom[1] - top[1]) * t;
      buf[i + 2] = top[2] + (bottom[2] - top[2]) * t;
    }
  }
  for (const s of shapes) {
    const rx = s.kind === "bar" ? s.w / 2 : s.r;
    const ry = s.kind === "bar" ? s.h / 2 : s.r;
    const x0 = Math.max(0, Math.floor(s.x - rx));
    const x1 = Math.min(size - 1, Math.ceil(s.x + rx));
    const y0 = Math.max(0, Math.floor(s.y - ry));
    const y1 = Math.min(size - 1, Math.ceil(s.y + ry));
    const inner = (s.r * 0.72) ** 2;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const ddx = x - s.x;
        const ddy = y - s.y;
        const d2 = ddx * ddx + ddy * ddy;
        let inside: boolean;
        if (s.kind === "circle") inside = d2 <= s.r * s.r;
        else if (s.kind === "ring") inside = d2 <= s.r * s.r && d2 >= inner;
        else inside = Math.abs(ddx) <= s.w / 2 && Math.abs(ddy) <= s.h / 2;
        if (!inside) continue;
        const i = (y * size + x) * 3;
        buf[i] = buf[i]! + (s.color[0] - buf[i]!) * s.alpha;
        buf[i + 1] = buf[i + 1]! + (s.color[1] - buf[i + 1]!) * s.alpha;
        buf[i + 2] = buf[i + 2]! + (s.color[2] - buf[i + 2]!) * s.alpha;
      }
    }
  }
  const px = new Uint8Array(buf.length);
  for (let i = 0; i < buf.length; i++) px[i] = buf[i]!;
  return px;
}

/** Prompts that differ only in case or spacing are the same request, so they draw the same picture. */
function normalize(prompt: string): string {
  return prompt.normalize("NFC").toLowerCase().replace(/\s+/gu, " ").trim();
}

function hex(n: number): string {
  return n.toString(16).padStart(8, "0");
}

/** The seed an earlier offline picture was drawn from, or a hash of any other image's bytes. */
function seedOf(original: Uint8Array): number {
  const stored = pngText(original, SEED_KEY);
  if (stored && /^[0-9a-f]{8}$/.test(stored)) return Number.parseInt(stored, 16);
  let h = 0x811c9dc5;
  for (let i = 0; i < original.length; i++) {
    h ^= original[i]!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The description of an offline picture: `{prompt}` is replaced by the prompt, in the language's quotation marks. */
const DESCRIPTIONS: Record<DetectedLanguage, { generate: string; edit: string }> = {
  en: {
    generate:
      "Offline model: an abstract picture drawn from “{prompt}”. No image provider is configured, so this is an abstract composition, not an AI picture.",
    edit: "Offline model: a variant of the original picture, drawn from “{prompt}”. No image provider is configured, so this is an abstract composition, not an AI picture.",
  },
  vi: {
    generate:
      "Mô hình ngoại tuyến: một bức tranh trừu tượng vẽ từ “{prompt}”. Máy chủ chưa cấu hình nhà cung cấp ảnh nào, nên đây chỉ là một bố cục trừu tượng, không phải ảnh do AI tạo.",
    edit: "Mô hình ngoại tuyến: một biến thể của ảnh gốc, vẽ từ “{prompt}”. Máy chủ chưa cấu hình nhà cung cấp ảnh nào, nên đây chỉ là một bố cục trừu tượng, không phải ảnh do AI tạo.",
  },
  ru: {
    generate:
      "Офлайн-модель: абстрактная картинка по запросу «{prompt}». Поставщик изображений не настроен, поэтому это абстрактная композиция, а не изображение от ИИ.",
    edit: "Офлайн-модель: вариант исходной картинки по запросу «{prompt}». Поставщик изображений не настроен, поэтому это абстрактная композиция, а не изображение от ИИ.",
  },
  zh: {
    generate:
      "离线模型：根据「{prompt}」绘制的一幅抽象图。此服务器未配置图像生成服务，因此这只是抽象构图，并非 AI 生成的图片。",
    edit: "离线模型：根据「{prompt}」绘制的原图变体。此服务器未配置图像生成服务，因此这只是抽象构图，并非 AI 生成的图片。",
  },
};

/** What the offline model says it drew, in the prompt's language. */
export function offlineDescription(prompt: string, isEdit: boolean): string {
  const texts = DESCRIPTIONS[detectLanguage(prompt)];
  return (isEdit ? texts.edit : texts.generate).replace("{prompt}", () => prompt);
}

export async function generateOffline(prompt: string): Promise<GeneratedImage> {
  const seed = hash(normalize(prompt));
  const bytes = await encodePng(OFFLINE_IMAGE_SIZE, OFFLINE_IMAGE_SIZE, draw(seed, null), {
    [SEED_KEY]: hex(seed),
    Software: "May offline image model",
  });
  return {
    bytes,
    contentType: "image/png",
    model: OFFLINE_IMAGE_MODEL,
    offline: true,
    description: offlineDescription(prompt, false),
  };
}

export async function editOffline(prompt: string, original: Uint8Array): Promise<GeneratedImage> {
  const seed = seedOf(original);
  const variant = hash(normalize(prompt), seed);
  // The variant keeps the original's seed, so editing the edit still starts from the same picture family.
  const bytes = await encodePng(OFFLINE_IMAGE_SIZE, OFFLINE_IMAGE_SIZE, draw(seed, variant), {
    [SEED_KEY]: hex(seed),
    Software: "May offline image model",
  });
  return {
    bytes,
    contentType: "image/png",
    model: OFFLINE_IMAGE_MODEL,
    offline: true,
    description: offlineDescription(prompt, true),
  };
}
