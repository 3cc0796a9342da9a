// Auto-search: short prompts (≤ 20 words, ≤ 150 characters) that match a phrase list of the
// detected language first, then of the others, in Vietnamese, English, Russian and Chinese.
import { describe, expect, it } from "vitest";
import {
  AUTO_SEARCH_MAX_CHARS,
  AUTO_SEARCH_MAX_WORDS,
  autoSearchMatch,
  shouldAutoSearch,
} from "../../../worker/protocol/auto-search";

const triggers: Record<string, string[]> = {
  vi: [
    "thời tiết hôm nay ở Hà Nội",
    "tìm kiếm giúp tôi quán phở ngon",
    "tìm cho tôi lịch chiếu phim",
    "tin tức mới nhất về bóng đá",
    "giá vàng bây giờ bao nhiêu",
    "tuần này có sự kiện gì ở Đà Nẵng",
    "tỷ giá đô la",
    "thoi tiet hom nay",
    "kết quả xổ số miền bắc",
  ],
  en: [
    "what is the weather today",
    "search for me cheap flights to Hanoi",
    "latest news about the election",
    "who is the president of France now",
    "what happened this week in tech",
    "bitcoin price today",
    "look up the opening hours of the Louvre",
    "What's the forecast for Saigon?",
  ],
  ru: [
    "какая погода сегодня в Москве",
    "найди мне рецепт борща",
    "последние новости",
    "что происходит сейчас в мире",
    "курс доллара на этой неделе",
  ],
  zh: ["今天北京天气怎么样", "帮我搜一下附近的餐厅", "最新新闻", "现在几点了", "本周有什么电影", "今天天氣如何"],
};

const quiet: Record<string, string[]> = {
  vi: ["phở là gì", "viết một bài thơ về mùa thu", "giải thích định luật Newton", "xin chào"],
  en: [
    "what is a closure in javascript",
    "explain photosynthesis simply",
    "write a haiku about the sea",
    "how do I know if I am right",
    "what is alternating current",
    "hello",
  ],
  ru: ["что такое рекурсия", "напиши стихотворение о море", "объясни теорему Пифагора"],
  zh: ["什么是递归", "写一首关于大海的诗", "解释一下勾股定理"],
};

describe("auto-search", () => {
  for (const [lang, prompts] of Object.entries(triggers)) {
    it.each(prompts)(`turns search on for the ${lang} prompt %s`, (prompt) => {
      expect(shouldAutoSearch(prompt)).toBe(true);
    });
  }

  for (const [lang, prompts] of Object.entries(quiet)) {
    it.each(prompts)(`leaves search off for the ordinary ${lang} question %s`, (prompt) => {
      expect(shouldAutoSearch(prompt)).toBe(false);
    });
  }

  it("checks the detected language first and reports which list matched", () => {
    expect(autoSearchMatch("thời tiết hôm nay ở Hà Nội")).toEqual({ detected: "vi", matched: "vi" });
    expect(autoSearchMatch("погода сегодня")).toEqual({ detected: "ru", matched: "ru" });
    expect(autoSearchMatch("今天天气")).toEqual({ detected: "vi", matched: "zh" }); // under 5 characters: Vietnamese first
    expect(autoSearchMatch("北京今天的天气怎么样")).toEqual({ detected: "zh", matched: "zh" });
  });

  it("falls back to the other languages' lists", () => {
    // An English sentence with a Russian phrase in it, and a Vietnamese one with English.
    expect(
      autoSearchMatch("please tell me everything about the big cultural events happening in Hanoi сегодня"),
    ).toEqual({ detected: "en", matched: "ru" });
    expect(autoSearchMatch("Mình muốn biết weather ở Huế")).toMatchObject({ matched: "en" });
  });

  it("accepts exactly 20 words and refuses 21", () => {
    const twenty = ["weather", ...Array(AUTO_SEARCH_MAX_WORDS - 1).fill("x")].join(" ");
    expect(twenty.split(" ")).toHaveLength(20);
    expect(shouldAutoSearch(twenty)).toBe(true);
    expect(shouldAutoSearch(`${twenty} x`)).toBe(false);
  });

  it("accepts exactly 150 characters and refuses 151", () => {
    const base = "weather today ";
    const exact = base + "a".repeat(AUTO_SEARCH_MAX_CHARS - base.length);
    expect(Array.from(exact)).toHaveLength(150);
    expect(shouldAutoSearch(exact)).toBe(true);
    expect(shouldAutoSearch(`${exact}a`)).toBe(false);
  });

  it("counts characters, not UTF-16 units, and ignores surrounding whitespace", () => {
    const han = `${"今天天气".repeat(37)}天气`; // 150 Han characters
    expect(Array.from(han)).toHaveLength(150);
    expect(shouldAutoSearch(`   ${han}   `)).toBe(true);
    expect(shouldAutoSearch(`${han}天`)).toBe(false);
  });

  it("refuses long prompts even when they mention today", () => {
    const long =
      "I am writing an essay about the history of the Roman Empire and I would like you to help me structure the introduction today please";
    expect(long.split(" ").length).toBeGreaterThan(20);
    expect(shouldAutoSearch(long)).toBe(false);
  });

  it("ignores empty and whitespace-only prompts", () => {
    expect(shouldAutoSearch("")).toBe(false);
    expect(shouldAutoSearch("   \n\t ")).toBe(false);
  });
});
