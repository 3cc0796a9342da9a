// Where a generated picture sits in a bot message: the worker embeds it as markdown with alt 'Generated image'
// (GENERATED_IMAGE_ALT of worker/protocol/images.ts, repeated so this file does not pull that module's schemas in).
// Small on purpose: the chat screen uses it on every send, to know whether a regeneration phrase could apply.

/** The greedy start finds the last picture of the message. */
const LAST_IMAGE = /.*!\[Generated image\]\(([^)\s]+)\)/s;

/** The URL of the last generated picture in a message's text, or null. */
export function generatedImageUrl(text: string | null | undefined): string | null {
  return (text && LAST_IMAGE.exec(text)?.[1]) || null;
}
