// Where a generated picture sits in a bot message: the worker embeds it as markdown with alt 'Generated image'
// (GENERATED_IMAGE_ALT of worker/protocol/images.ts, repeated so this file does not pull that module's schemas in).
// Small on purpose: the chat screen uses it on every send, to know whether a regeneration phrase could apply, and
// every answer it shows asks it whether it holds a picture. So it reads a message in one pass from the end: the regular
// expression it replaces (`.*` then the picture) tried the picture at every position after every start, which is
// quadratic in the text: 0.45 s of the page's thread for an answer of 20 kB with no picture, 6 s for 80 kB.

const PICTURE_START = "![Generated image](";
/** A picture's markdown at exactly `lastIndex`: its URL runs to the closing parenthesis, with no space in it. */
const PICTURE_AT = /!\[Generated image\]\(([^)\s]+)\)/y;

/** The URL of the last generated picture in a message's text, or null. */
export function generatedImageUrl(text: string | null | undefined): string | null {
  if (!text) return null;
  for (
    let at = text.lastIndexOf(PICTURE_START);
    at >= 0;
    at = at === 0 ? -1 : text.lastIndexOf(PICTURE_START, at - 1)
  ) {
    PICTURE_AT.lastIndex = at;
    const url = PICTURE_AT.exec(text)?.[1];
    if (url) return url;
  }
  return null;
}
