// Shrinks oversize photos before upload with these presets, through browser-image-compression (a maintained library,
// loaded only when a photo needs it):
//   mobile  (≤ 768 px wide): fit in 1000×750, quality 0.6, target 300 KB, hard max 500 KB
//   desktop:                 fit in 1600×1200, quality 0.7, target 500 KB, hard max 800 KB
// WebP when the browser can encode it, else JPEG; while the result is over the target the quality drops by 0.1, at
// most 3 times and never below 0.3; a result still over the hard max gets one last pass that may shrink the picture
// further; and the original is kept whenever the result is not smaller.

const KB = 1024;

export interface CompressionPreset {
  maxWidth: number;
  maxHeight: number;
  /** Starting quality, 0–1. */
  quality: number;
  /** Bytes the result should get under. */
  targetBytes: number;
  /** Bytes the result must not exceed. */
  hardMaxBytes: number;
}

export const PRESETS = {
  mobile: { maxWidth: 1000, maxHeight: 750, quality: 0.6, targetBytes: 300 * KB, hardMaxBytes: 500 * KB },
  desktop: { maxWidth: 1600, maxHeight: 1200, quality: 0.7, targetBytes: 500 * KB, hardMaxBytes: 800 * KB },
} as const satisfies Record<string, CompressionPreset>;

/** Quality reductions after the first try. */
export const MAX_QUALITY_REDUCTIONS = 3;
/** Each reduction, and the lowest quality used. */
export const QUALITY_STEP = 0.1;
export const MIN_QUALITY = 0.3;

/** Image types worth re-encoding (GIFs may be animated, SVGs are text). */
const COMPRESSIBLE = new Set(["image/jpeg", "image/png", "image/webp"]);

/** The mobile preset up to the mobile breakpoint: 768 px wide or less. */
export function presetFor(viewportWidth: number): CompressionPreset {
  return viewportWidth <= 768 ? PRESETS.mobile : PRESETS.desktop;
}

/** An image over its preset's target is compressed. */
export function needsCompression(file: { type: string; size: number }, preset: CompressionPreset): boolean {
  return COMPRESSIBLE.has(file.type) && file.size > preset.targetBytes;
}

/** The qualities tried in order: the preset's, then up to 3 steps of 0.1, none below 0.3. */
export function qualitySteps(preset: CompressionPreset): number[] {
  const steps = [preset.quality];
  for (let i = 1; i <= MAX_QUALITY_REDUCTIONS; i++) {
    const q = Math.round((preset.quality - i * QUALITY_STEP) * 10) / 10;
    if (q < MIN_QUALITY) break;
    steps.push(q);
  }
  return steps;
}

/** The size a picture is drawn at to fit the preset's box (never enlarged), in pixels. */
export function fitInBox(width: number, height: number, preset: CompressionPreset): { width: number; height: number } {
  const landscape = width >= height;
  const boxW = landscape ? preset.maxWidth : preset.maxHeight;
  const boxH = landscape ? preset.maxHeight : preset.maxWidth;
  const scale = Math.min(1, boxW / width, boxH / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

let webpSupport: boolean | undefined;
/** WebP preferred, JPEG fallback: a canvas that cannot encode WebP answers a PNG data URL instead. */
export function outputType(): "image/webp" | "image/jpeg" {
  if (webpSupport === undefined) {
    try {
      const canvas = document.createElement("canvas");
      canvas.width = 1;
      canvas.height = 1;
      webpSupport = canvas.toDataURL("image/webp").startsWith("data:image/webp");
    } catch {
      webpSupport = false;
    }
  }
  return webpSupport ? "image/webp" : "image/jpeg";
}

function renamed(name: string, type: string): string {
  const ext = type === "image/webp" ? "webp" : "jpg";
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}.${ext}`;
}

async function dimensions(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * Compresses one photo with `preset`; `onProgress` gets 0–100. Resolves with the smaller file, or the original when
 * compressing did not make it smaller (or the browser could not decode it).
 */
export async function compressImage(
  file: File,
  preset: CompressionPreset,
  onProgress: (percent: number) => void = () => {},
): Promise<File> {
  const { default: imageCompression } = await import("browser-image-compression");
  const size = await dimensions(file);
  if (!size) return file;
  const fitted = fitInBox(size.width, size.height, preset);
  const fileType = outputType();
  const qualities = qualitySteps(preset);
  const passes = qualities.length + 1;
  let best: File | null = null;
  try {
    for (const [i, quality] of qualities.entries()) {
      best = await imageCompression(file, {
        maxWidthOrHeight: Math.max(fitted.width, fitted.height),
        initialQuality: quality,
        fileType,
        maxSizeMB: preset.hardMaxBytes / (KB * KB),
        maxIteration: 1,
        // the default worker loads the library from a CDN; compressing on the page keeps everything same-origin
        useWebWorker: false,
        onProgress: (p) => onProgress(Math.round(((i + p / 100) / passes) * 100)),
      });
      if (best.size <= preset.targetBytes) break;
    }
    if (best && best.size > preset.hardMaxBytes) {
      best = await imageCompression(file, {
        maxWidthOrHeight: Math.max(fitted.width, fitted.height),
        initialQuality: qualities.at(-1) ?? MIN_QUALITY,
        fileType,
        maxSizeMB: preset.hardMaxBytes / (KB * KB),
        useWebWorker: false,
      });
    }
  } catch {
    best = null; // the browser could not re-encode it: send the original
  }
  onProgress(100);
  if (!best || best.size >= file.size) return file;
  return new File([best], renamed(file.name, best.type || fileType), {
    type: best.type || fileType,
    lastModified: file.lastModified,
  });
}
