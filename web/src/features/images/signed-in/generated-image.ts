// Where a generated picture sits in a bot message: the worker embeds it as markdown with alt 'Generated image'
// (GENERATED_IMAGE_ALT of worker/protocol/images.ts, repeated so this file does not pull that module's schemas in).
// Small on purpose: the chat screen uses it on every send, to know whether a regeneration phrase could apply, and
// every answer it shows asks it whether it holds a picture. So it reads a message once, front to back, keeping the last
// picture: the expression it replaces (`.*` then the picture) tried the picture again after every start, quadratic in
// the text: 0.45 s of the page's thread for an answer of 20 kB with no picture, 6 s for 80 kB.

/** A picture's markdown: its URL runs to the closing parenthesis, with no space (so two pictures never overlap). */
const PICTURE = /!\[Generated image\]\(([^)\s]+)\)/g;

/** The URL of the last generated picture in a message's text, or null. */
export function generatedImageUrl(text: string | null | undefined): string | null {
  let url: string | null = null;
  for (const m of text?.matchAll(PICTURE) ?? []) url = m[1] ?? null;
  return url;
}
