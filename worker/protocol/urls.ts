// The one rule for a URL that Mây stores and later shows as a link or an image source, declared once for the worker's
// request schemas (and for the SPA): an absolute http(s) URL that parses, at most MAX_URL_CHARS. `javascript:`,
// `data:`, any other scheme, and text that is not a URL are refused at the edge with 400. A field that may also point
// at something of ours (an image, `/media-api/api/images/{id}`) takes a path on this origin too (LinkSchema); a
// protocol-relative `//host` is another origin, so it is not a path here.
import * as v from "valibot";

/** Longest URL accepted, in characters (what browsers and search providers use in practice). */
export const MAX_URL_CHARS = 2_048;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** True for an absolute http: or https: URL (WHATWG parsing, as browsers do) with no control characters. */
export function isHttpUrl(raw: string): boolean {
  if (CONTROL.test(raw)) return false;
  try {
    const { protocol } = new URL(raw);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** True for a path on this origin: one leading "/" (not "//" or "/\", which browsers read as another host). */
export function isSameOriginPath(raw: string): boolean {
  return /^\/(?![/\\])/.test(raw) && !CONTROL.test(raw);
}

/** True for what LinkSchema accepts: an absolute http(s) URL or a path on this origin. */
export function isLink(raw: string): boolean {
  return isHttpUrl(raw) || isSameOriginPath(raw);
}

export const urlText = v.pipe(
  v.string("must be a string"),
  v.trim(),
  v.maxLength(MAX_URL_CHARS, `must be at most ${MAX_URL_CHARS} characters`),
);

/** An absolute http(s) URL (surrounding whitespace trimmed). */
export const HttpUrlSchema = v.pipe(urlText, v.check(isHttpUrl, "must be an http(s) URL"));

/** An absolute http(s) URL or a path on this origin. */
export const LinkSchema = v.pipe(urlText, v.check(isLink, "must be an http(s) URL or a path on this site"));
