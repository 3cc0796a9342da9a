// Auto-search: a short prompt that looks time-sensitive ("weather today", "latest news", "search for me ...") turns
// search mode on by itself. Declared once so the SPA (which lights the search toggle before sending) and the worker
// (which decides a turn's mode) agree. Pure; its only import is the shared language guess, so web/ can import it.
import { type DetectedLanguage, detectLanguage } from "./language";

/** Only prompts of at most this many words (whitespace-separated) are considered. */
export const AUTO_SEARCH_MAX_WORDS = 20;
/** Only prompts of at most this many characters (code points, after trimming) are considered. */
export const AUTO_SEARCH_MAX_CHARS = 150;

const LANGUAGES: readonly DetectedLanguage[] = ["vi", "en", "ru", "zh"];

// Letters and digits on both sides of a phrase make it part of a longer word ("know" is not "now").
const L = "(?<![\\p{L}\\p{N}])";
const R = "(?![\\p{L}\\p{N}])";
const words = (phrases: readonly string[]) => new RegExp(`${L}(?:${phrases.join("|")})${R}`, "u");

/**
 * Phrases and patterns per language, matched against the prompt lower-cased and NFC-normalised. Vietnamese is also
 * matched with its tone marks and đ folded away, since many people type "thoi tiet hom nay" without them.
 */
export const AUTO_SEARCH_PATTERNS: Readonly<Record<DetectedLanguage, readonly RegExp[]>> = {
  vi: [
    // search for me, look up
    words([
      "tìm kiếm",
      "tìm giúp",
      "tìm cho (?:tôi|mình|em|anh|chị)",
      "tìm hộ",
      "tra cứu",
      "tra giúp",
      "search giúp",
      "google giúp",
    ]),
    // weather, news, prices that change daily
    words([
      "thời tiết",
      "dự báo",
      "tin tức",
      "tin mới",
      "bản tin",
      "thời sự",
      "giá vàng",
      "giá xăng",
      "tỷ giá",
      "tỉ giá",
      "giá bitcoin",
      "chứng khoán",
      "xổ số",
      "kết quả trận",
      "lịch thi đấu",
      "tỉ số",
      "tỷ số",
    ]),
    // now, today, this week, latest
    words([
      "bây giờ",
      "hiện tại",
      "hiện nay",
      "lúc này",
      "hôm nay",
      "tối nay",
      "sáng nay",
      "chiều nay",
      "hôm qua",
      "ngày mai",
      "tuần này",
      "tuần trước",
      "tháng này",
      "năm nay",
      "mới nhất",
      "gần đây",
      "vừa rồi",
      "đang diễn ra",
    ]),
  ],
  en: [
    words(["search for", "search the web", "search online", "look up", "google (?:it|for)", "find me", "find out"]),
    words([
      "weather",
      "forecast",
      "temperature in",
      "news",
      "headlines",
      "breaking",
      "stock price",
      "share price",
      "exchange rate",
      "price of",
      "who won",
    ]),
    words([
      "now",
      "currently",
      "today'?s?",
      "tonight",
      "yesterday",
      "tomorrow",
      "this (?:week|weekend|month|year)",
      "last (?:week|night)",
      "latest",
      "recent(?:ly)?",
      "upcoming",
      "what time is it",
    ]),
  ],
  ru: [
    words(["найди(?:те)?", "найти", "поищи(?:те)?", "поиск", "поискать", "загугли", "погугли"]),
    words([
      "погод\\p{L}*",
      "прогноз\\p{L}*",
      "новост\\p{L}*",
      "курс (?:валют|доллара|евро|рубля|биткоина)",
      "котировк\\p{L}*",
      "цен[аыу] на",
      "сч[её]т матча",
      "результат\\p{L}* матча",
      "кто выиграл",
    ]),
    words([
      "сейчас",
      "сегодня",
      "сегодняшн\\p{L}*",
      "вчера",
      "завтра",
      "на этой неделе",
      "эт(?:а|у|ой) недел\\p{L}*",
      "в этом (?:месяце|году)",
      "последн\\p{L}*",
      "свеж\\p{L}*",
      "актуальн\\p{L}*",
      "текущ\\p{L}*",
      "в данный момент",
      "который час",
    ]),
  ],
  // Chinese has no spaces between words: its phrases are matched anywhere. Simplified and traditional forms.
  zh: [
    /搜索|搜一下|搜一搜|帮我搜|帮我查|幫我搜|幫我查|查一下|查查|查询|查詢|搜尋|上网查|上網查/u,
    /天气|天氣|气温|氣溫|预报|預報|新闻|新聞|头条|頭條|汇率|匯率|股价|股價|金价|金價|比分|赛果|賽果/u,
    /现在|現在|目前|当前|當前|今天|今日|今晚|昨天|明天|本周|本週|这周|這週|这个星期|這個星期|本月|这个月|這個月|今年|最新|最近|近期|实时|實時|几点了|幾點了/u,
  ],
};

/** Vietnamese letters without their marks (đ → d), for matching prompts typed without diacritics. */
function foldVietnamese(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/đ/g, "d").normalize("NFC");
}

const FOLDED_VI: readonly RegExp[] = AUTO_SEARCH_PATTERNS.vi.map(
  (re) => new RegExp(foldVietnamese(re.source), re.flags),
);

export interface AutoSearchMatch {
  /** The prompt's detected language (detectLanguage's script shares, language.ts), checked first. */
  detected: DetectedLanguage;
  /** The language whose phrase list matched. */
  matched: DetectedLanguage;
}

/** Whitespace-separated words of the trimmed prompt. */
function wordCount(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

function matchesLanguage(lang: DetectedLanguage, text: string, folded: string): boolean {
  if (AUTO_SEARCH_PATTERNS[lang].some((re) => re.test(text))) return true;
  return lang === "vi" && FOLDED_VI.some((re) => re.test(folded));
}

/**
 * Why a prompt turns search on, or null when it does not: it has at most 20 words and 150 characters and matches a
 * phrase list, the detected language's list first, then the others (a Vietnamese user may well type "weather today").
 */
export function autoSearchMatch(prompt: string): AutoSearchMatch | null {
  const text = prompt.normalize("NFC").trim().toLowerCase();
  if (!text) return null;
  if (Array.from(text).length > AUTO_SEARCH_MAX_CHARS || wordCount(text) > AUTO_SEARCH_MAX_WORDS) return null;
  const detected = detectLanguage(text);
  const folded = foldVietnamese(text);
  const order = [detected, ...LANGUAGES.filter((l) => l !== detected)];
  const matched = order.find((lang) => matchesLanguage(lang, text, folded));
  return matched ? { detected, matched } : null;
}

/** True when the prompt should be answered in search mode without the user turning the toggle on. */
export function shouldAutoSearch(prompt: string): boolean {
  return autoSearchMatch(prompt) !== null;
}
