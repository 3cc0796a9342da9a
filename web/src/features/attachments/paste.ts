// The paste rule: pasted text of 4,000 characters or more becomes a text file Pasted-text-{n}.txt instead of
// filling the input box, and pasted images become PNG files. Numbering counts up within the tab.

/** Characters of pasted text from which it becomes a file. */
export const PASTE_TEXT_THRESHOLD = 4_000;

let pastedTexts = 0;

/** Restarts the Pasted-text numbering (tests). */
export function resetPasteCounter(): void {
  pastedTexts = 0;
}

export function isLongPaste(text: string): boolean {
  return text.length >= PASTE_TEXT_THRESHOLD;
}

export function pastedTextFile(text: string): File {
  pastedTexts += 1;
  return new File([text], `Pasted-text-${pastedTexts}.txt`, { type: "text/plain" });
}

/** A pasted image as a PNG file (clipboard images arrive as image/png, often named image.png). */
export function pastedImageFile(blob: Blob, index: number): File {
  return new File([blob], `pasted-image-${Date.now()}-${index + 1}.png`, { type: "image/png" });
}

/**
 * The files a paste becomes: its images as PNG files (browsers hand clipboard pictures over as PNG), else its text as
 * Pasted-text-{n}.txt when it is long enough; none for ordinary text, which goes into the input box.
 */
export function pastedFiles(images: readonly (Blob | null)[], text: string): File[] {
  const blobs = images.filter((b): b is Blob => b !== null);
  if (blobs.length > 0) return blobs.map((b, i) => pastedImageFile(b, i));
  return isLongPaste(text) ? [pastedTextFile(text)] : [];
}
