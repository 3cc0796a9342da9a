// detectLanguage against its rule: under 5 characters → vi; over 15% Han → zh; over 15% Cyrillic →
// ru; over 10% Vietnamese diacritic letters → vi; else en. Each threshold is tested just at and just over its line.
import { describe, expect, it } from "vitest";
import { acceptedLanguages, chooseLanguage, detectLanguage } from "../../../worker/protocol/language";

/** `count` letters of `script` padded with Latin "a" to `total` characters. */
const mix = (script: string, count: number, total = 20) => "a".repeat(total - count) + script.repeat(count);

describe("detectLanguage", () => {
  it("takes anything under 5 characters as Vietnamese, whitespace not counted", () => {
    expect(detectLanguage("")).toBe("vi");
    expect(detectLanguage("Hi!")).toBe("vi");
    expect(detectLanguage("abcd")).toBe("vi");
    expect(detectLanguage(" a b c d \n")).toBe("vi");
    expect(detectLanguage("abcde")).toBe("en");
  });

  it("counts characters, not UTF-16 units", () => {
    // Four emoji are eight UTF-16 units but four characters: still under 5.
    expect(detectLanguage("😀😀😀😀")).toBe("vi");
  });

  it("answers zh only when Han characters are over 15%", () => {
    expect(detectLanguage(mix("中", 3))).toBe("en"); // exactly 15%
    expect(detectLanguage(mix("中", 4))).toBe("zh"); // 20%
    expect(detectLanguage("今天天气怎么样？")).toBe("zh");
  });

  it("answers ru only when Cyrillic letters are over 15%", () => {
    expect(detectLanguage(mix("д", 3))).toBe("en");
    expect(detectLanguage(mix("д", 4))).toBe("ru");
    expect(detectLanguage("Какая сегодня погода?")).toBe("ru");
  });

  it("answers vi only when Vietnamese diacritic letters are over 10%", () => {
    expect(detectLanguage(mix("ệ", 2))).toBe("en"); // exactly 10%
    expect(detectLanguage(mix("ệ", 3))).toBe("vi"); // 15%
    expect(detectLanguage(mix("đ", 3))).toBe("vi");
    expect(detectLanguage(mix("Ơ", 3))).toBe("vi");
    expect(detectLanguage("Thời tiết hôm nay thế nào?")).toBe("vi");
  });

  it("counts a decomposed Vietnamese letter as one letter", () => {
    expect(detectLanguage(mix("ệ", 3).normalize("NFD"))).toBe("vi");
  });

  it("checks Han before Cyrillic before Vietnamese", () => {
    expect(detectLanguage("中文字" + "ддд" + "ệệệ" + "aaaaaaaaa")).toBe("zh"); // 3/18 Han, 3/18 Cyrillic
    expect(detectLanguage("ддд" + "ệệệ" + "aaaaaaaaaaaa")).toBe("ru");
  });

  it("answers en for Latin text without enough Vietnamese letters", () => {
    expect(detectLanguage("What is the weather like today?")).toBe("en");
    expect(detectLanguage("Café au lait, s'il vous plaît")).toBe("en");
  });
});

describe("acceptedLanguages", () => {
  it("orders an Accept-Language header's tags by q, keeping the header's order for equal q, and drops q=0", () => {
    expect(acceptedLanguages("ru-RU,ru;q=0.9,en;q=0.8")).toEqual(["ru-RU", "ru", "en"]);
    expect(acceptedLanguages("en;q=0.5, zh-CN;q=0.8, vi")).toEqual(["vi", "zh-CN", "en"]);
    expect(acceptedLanguages("fr, en;q=0")).toEqual(["fr"]);
  });

  it("skips what is malformed and reads nothing from no header", () => {
    expect(acceptedLanguages("*;q=0.5, ;q=1, <script>, ru;q=abc, zh")).toEqual(["zh"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
  });

  it("gives the product's rule a request's languages: stored choice, else the first of ours, else English", () => {
    expect(chooseLanguage(null, acceptedLanguages("de-DE,ru;q=0.7,en;q=0.5"))).toBe("ru");
    expect(chooseLanguage("vi", acceptedLanguages("zh"))).toBe("vi");
    expect(chooseLanguage(null, acceptedLanguages("de, fr"))).toBe("en");
  });
});
