// Reading an answer aloud, the pure part (web/src/features/power-keys/speech.ts): the voice's language guessed from the
// answer's letters, and the answer cut into pieces short enough for the synthesizer to finish.
import { describe, expect, it } from "vitest";
import { SPEECH_PIECE_CHARS, speechLanguage, speechPieces } from "../../web/src/features/power-keys/speech";

describe("speechLanguage", () => {
  it("reads Cyrillic as Russian, Han characters as Chinese, Vietnamese diacritics as Vietnamese, the rest as English", () => {
    expect(speechLanguage("Облака образуются, когда водяной пар конденсируется.")).toBe("ru-RU");
    expect(speechLanguage("云是由水蒸气凝结形成的。")).toBe("zh-CN");
    expect(speechLanguage("Mây hình thành khi hơi nước ngưng tụ trong không khí.")).toBe("vi-VN");
    expect(speechLanguage("Clouds form when water vapour condenses.")).toBe("en-US");
  });

  it("goes by the most of the text, not by one foreign word or a café", () => {
    expect(speechLanguage("In Russian a cloud is called облако, and it forms when vapour condenses.")).toBe("en-US");
    expect(speechLanguage("We met at a café in Montréal and talked about the weather for an hour.")).toBe("en-US");
    expect(speechLanguage("Используйте функцию fetch() для запроса данных с сервера.")).toBe("ru-RU");
  });
});

describe("speechPieces", () => {
  it("keeps a short text whole and cuts a long one at sentence ends, each piece within the limit", () => {
    expect(speechPieces("One sentence. Two sentences.")).toEqual(["One sentence. Two sentences."]);
    const sentence = "This sentence is about forty-five characters. ";
    const pieces = speechPieces(sentence.repeat(20));
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(SPEECH_PIECE_CHARS);
      expect(piece.endsWith(".")).toBe(true);
    }
    expect(pieces.join(" ")).toBe(sentence.repeat(20).trim());
  });

  it("cuts a sentence longer than the limit at spaces, and gives nothing for an empty text", () => {
    const long = "word ".repeat(100).trim();
    const pieces = speechPieces(long);
    expect(pieces.every((p) => p.length <= SPEECH_PIECE_CHARS)).toBe(true);
    expect(pieces.join(" ")).toBe(long);
    expect(speechPieces("  ")).toEqual([]);
  });
});
