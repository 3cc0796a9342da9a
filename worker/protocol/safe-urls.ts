// Shared by the SPA's markdown (web/src/features/chat/markdown/render-tokens.tsx) and the worker's first screen of a chat
// (worker/http/chat-preview-html.ts), so an answer's links and images follow one rule wherever they are drawn.
// Answers come from a model (and, through it, from any web page it read), so their URLs are untrusted. Only web and
// mail links become clickable, and images load only over http(s) or from our own origin; anything else, such as
// `javascript:` or `data:`, is dropped and the link shows as plain text.
const LINK_SCHEMES = new Set(["http", "https", "mailto"]);
const IMAGE_SCHEMES = new Set(["http", "https"]);

/** The URL's scheme in lower case, or null when it has none (a relative URL). The rule CommonMark renderers use. */
function schemeOf(url: string): string | null {
  const colon = url.indexOf(":");
  if (colon === -1) return null;
  for (const separator of ["/", "?", "#"]) {
    const at = url.indexOf(separator);
    if (at !== -1 && at < colon) return null;
  }
  return url.slice(0, colon).toLowerCase();
}

/** A link target we let the user open, or null. In-page anchors ("#…", used by footnotes) stay links too. */
export function safeLinkHref(url: string): string | null {
  if (url.startsWith("#")) return url;
  const scheme = schemeOf(url);
  return scheme !== null && LINK_SCHEMES.has(scheme) ? url : null;
}

/** An image source we let the browser load (http(s), or a path on our origin such as a generated image), or null. */
export function safeImageSrc(url: string): string | null {
  if (url === "") return null;
  const scheme = schemeOf(url);
  return scheme === null || IMAGE_SCHEMES.has(scheme) ? url : null;
}
