// The product's languages, declared once so the worker and the SPA agree: which language a user gets (their stored
// choice, else the first of their browser's languages that is one of ours, else English: the SPA shows it, and the
// worker writes mail in it), and the language guess for a piece of text (the offline model answers in it, and the SPA
// picks the auto-search phrase lists by it). Pure and import-free so web/ can share it.

export const LANGUAGES = ["vi", "en", "ru", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language rule: stored choice > first supported preferred language (by its primary subtag) > English. */
export function chooseLanguage(stored: string | null | undefined, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

/**
 * The language tags of an HTTP Accept-Language header, most preferred first (by q, then by order; q=0 means "not
 * this one" and is dropped), e.g. "ru-RU,ru;q=0.9,en;q=0.8" → ["ru-RU", "ru", "en"]. Anything malformed is skipped.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const weight = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      const q =
        weight === undefined
          ? 1
          : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(weight)
            ? Number(weight.slice(2))
            : Number.NaN;
      return { tag: tag.trim(), q, order };
    })
    .filter((t) => /^[A-Za-z]{1,8}([-_][A-Za-z0-9]{1,8})*$/.test(t.tag) && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((t) => t.tag);
}

export type DetectedLanguage = Language;

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
