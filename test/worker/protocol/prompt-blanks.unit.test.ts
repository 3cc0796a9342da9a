// The grammar of a prompt's blanks (worker/protocol/prompt-blanks.ts), shared by the SPA's form and the catalogue's
// checks: `{{name}}` with 1-40 letters, digits, spaces, "_" or "-" of any script, trimmed; the same name is one field;
// fields in the order of first appearance; anything else with braces stays text.
import { describe, expect, it } from "vitest";
import { fillPromptBlanks, promptBlanks } from "../../../worker/protocol/prompt-blanks";

describe("finding a prompt's blanks", () => {
  it("lists each name once, trimmed, in the order of its first appearance", () => {
    expect(promptBlanks("Write to {{ recipient }} about {{topic}}; sign as {{recipient}} re {{topic }}")).toEqual([
      "recipient",
      "topic",
    ]);
  });

  it("takes names in Vietnamese, Russian and Chinese, and names with digits, '_' and '-'", () => {
    expect(promptBlanks("Gửi {{người nhận}} về {{chủ đề}}")).toEqual(["người nhận", "chủ đề"]);
    expect(promptBlanks("Письмо для {{получатель}} на тему {{тема}}")).toEqual(["получатель", "тема"]);
    expect(promptBlanks("给{{收件人}}写一封关于{{主题}}的邮件")).toEqual(["收件人", "主题"]);
    expect(promptBlanks("{{option_1}} vs {{option-2}} vs {{Option 3}}")).toEqual(["option_1", "option-2", "Option 3"]);
    // decomposed Vietnamese (a letter then its combining marks) is still a name
    expect(promptBlanks("{{người}}".normalize("NFD"))).toEqual(["người".normalize("NFD")]);
  });

  it("keeps names apart by case", () => {
    expect(promptBlanks("{{Topic}} {{topic}}")).toEqual(["Topic", "topic"]);
  });

  it("leaves unmatched, empty, blank-only, punctuated and over-long braces as text", () => {
    for (const text of [
      "{{topic",
      "topic}}",
      "{topic}",
      "{{}}",
      "{{   }}",
      "{{topic?}}",
      "{{a.b}}",
      "{{line\nbreak}}",
      `{{${"x".repeat(41)}}}`,
      "{ {topic} }",
    ]) {
      expect(promptBlanks(text), text).toEqual([]);
    }
    expect(promptBlanks(`{{${"x".repeat(40)}}}`)).toEqual(["x".repeat(40)]);
    expect(promptBlanks(`{{${"好".repeat(40)}}}`)).toEqual(["好".repeat(40)]);
  });

  it("finds the blank inside extra braces and after an unclosed one", () => {
    expect(promptBlanks("{{{topic}}}")).toEqual(["topic"]);
    expect(promptBlanks("{{ open {{topic}}")).toEqual(["topic"]);
  });
});

describe("filling a prompt's blanks", () => {
  it("puts each value everywhere its name appears, and leaves the rest of the text alone", () => {
    expect(
      fillPromptBlanks("Dear {{ name }}, about {{topic}}. Thanks, {{name}}! {{not a blank?}} {x}", {
        name: "Lan",
        topic: "the budget",
      }),
    ).toBe("Dear Lan, about the budget. Thanks, Lan! {{not a blank?}} {x}");
  });

  it("inserts values as written, never reading them as blanks or replacement patterns", () => {
    expect(fillPromptBlanks("{{a}} and {{b}}", { a: "{{b}}", b: "$& $1 $$" })).toBe("{{b}} and $& $1 $$");
  });

  it("keeps a blank with no value or an empty one as written", () => {
    expect(fillPromptBlanks("{{người nhận}} / {{ chủ đề }}", { "người nhận": "  " })).toBe(
      "{{người nhận}} / {{ chủ đề }}",
    );
    expect(fillPromptBlanks("{{тема}}", { тема: " Отпуск " })).toBe("Отпуск");
  });

  it("does not take names from the object's prototype", () => {
    expect(fillPromptBlanks("{{constructor}}", {})).toBe("{{constructor}}");
  });
});
