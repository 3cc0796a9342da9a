// The product's language guess for a piece of text (product spec, section 5), declared once so the worker (the offline
// model answers in it) and the SPA (auto-search phrase lists) agree. Pure and import-free so web/ can share it.

export type DetectedLanguage = "vi" | "en" | "ru" | "zh";

/** Texts shorter than this many characters (whitespace not counted) are taken as Vietnamese, the default language. */
const MIN_CHARS = 5;
/** Shares of the counted characters above which a script decides the language, checked in this order. */
const HAN_SHARE = 0.15;
const CYRILLIC_SHARE = 0.15;
const VIETNAMESE_SHARE = 0.1;

const HAN = /\p{Script=Han}/gu;
const CYRILLIC = /\p{Script=Cyrillic}/gu;
// The Vietnamese letters that carry a diacritic (tone marks, circumflex, breve, horn) and đ, both cases.
const VIETNAMESE =
  /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđÀÁẠẢÃÂẦẤẬẨẪĂẰẮẶẲẴÈÉẸẺẼÊỀẾỆỂỄÌÍỊỈĨÒÓỌỎÕÔỒỐỘỔỖƠỜỚỢỞỠÙÚỤỦŨƯỪỨỰỬỮỲÝỴỶỸĐ]/gu;

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/**
 * Under 5 characters → vi; over 15% Han → zh; over 15% Cyrillic → ru; over 10% Vietnamese diacritic letters → vi;
 * else en. Shares are of the text's characters without whitespace, counted as code points (not UTF-16 units).
 */
export function detectLanguage(text: string): DetectedLanguage {
  // NFC first: a decomposed "ệ" (e + two combining marks) must count as the one Vietnamese letter it is.
  const chars = text.normalize("NFC").replace(/\s+/gu, "");
  const total = Array.from(chars).length;
  if (total < MIN_CHARS) return "vi";
  if (count(chars, HAN) / total > HAN_SHARE) return "zh";
  if (count(chars, CYRILLIC) / total > CYRILLIC_SHARE) return "ru";
  if (count(chars, VIETNAMESE) / total > VIETNAMESE_SHARE) return "vi";
  return "en";
}
