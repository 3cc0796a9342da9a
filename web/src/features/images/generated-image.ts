// Where a generated picture sits in a bot message: the spec embeds it as markdown with alt 'Generated image'. Small
// on purpose, since the chat screen uses it on every send to know whether a regeneration phrase could apply.
/** GENERATED_IMAGE_ALT of worker/protocol/images.ts, repeated so this file does not pull that module's schemas in. */
const ALT = "Generated image";
const IMAGE_MARKDOWN = /!\[Generated image\]\(([^)\s]+)\)/g;

/** The URL of the last generated picture in a message's text, or null. */
export function generatedImageUrl(text: string | null | undefined): string | null {
  if (!text || !text.includes(ALT)) return null;
  const all = [...text.matchAll(IMAGE_MARKDOWN)];
  return all.at(-1)?.[1] ?? null;
}
