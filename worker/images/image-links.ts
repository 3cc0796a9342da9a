// Our image links inside an image ask: the client appends the latest picture's link (/media-api/api/images/{id},
// absolute or not) to a regeneration phrase, and an edit may name its original by such a link. The prompt sent
// upstream is the question without them: the original goes along as the picture itself.
import { ID_PATTERN } from "../protocol/resources";

const IMAGE_LINK = /(?:https?:\/\/[^\s/)]+)?\/media-api\/api\/images\/([A-Za-z0-9_.:-]{1,100})/;

/** The prompt of an image ask: the question without our image links; empty when the question is nothing but links. */
export function imagePromptOf(question: string): string {
  return question
    .replace(new RegExp(IMAGE_LINK.source, "g"), " ")
    .replace(/[ \t]+/g, " ")
    .trim();
}

/** The id of one of our images named by `ref` (its URL, absolute or not, or the id itself), or null. */
export function imageIdOf(ref: string): string | null {
  const link = IMAGE_LINK.exec(ref);
  if (link && (ref.startsWith("/") || /^https?:\/\//.test(ref))) return link[1]!;
  return ID_PATTERN.test(ref) ? ref : null;
}

/** The id of the first of our image links inside a text, or null. */
export function linkedImageId(text: string): string | null {
  return IMAGE_LINK.exec(text)?.[1] ?? null;
}
