// The offline model as the product uses it: resolved by the registry with no keys, streamed through streamAnswer.
import { env } from "cloudflare:test";
import type { LanguageModelV3, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import type { AnswerPrompt } from "../../../worker/models/stream-answer";

type ModelMessage = AnswerPrompt["messages"][number];
import { describe, expect, it } from "vitest";
import { composeOfflineAnswer, createOfflineModel, splitIntoChunks } from "../../../worker/models/offline-model";
import { createModelRegistry } from "../../../worker/models/registry";
import { buildPersonalization } from "../../../worker/personalization/build-personalization";
import { EXPERT_PERSONA_SPECS } from "../../../worker/personalization/personas";
import { streamAnswer } from "../../../worker/models/stream-answer";
import { collect, errorsOf, textOf, userMessages, within } from "./model-helpers";

function offlineModel(delayMs = 0): LanguageModelV3 {
  return createOfflineModel({ delayMs });
}

async function answer(messages: ModelMessage[], model = offlineModel()) {
  const parts = await within(
    5_000,
    collect({ model, prompt: { system: "You are Mây.", messages }, abortSignal: new AbortController().signal }),
  );
  expect(errorsOf(parts)).toEqual([]);
  return { parts, text: textOf(parts) };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe("the offline model", () => {
  it("is what the registry serves with the test environment's blank keys", async () => {
    const resolved = createModelRegistry(env).resolve("gpt-4.1-mini");
    expect(resolved?.offline).toBe(true);
    const { text } = await answer(userMessages("How do clouds form?"), resolved?.model as LanguageModelV3);
    expect(text).toContain("How do clouds form?");
  });

  it("gives the same answer, in the same chunks, to the same conversation", async () => {
    const conversation: ModelMessage[] = [
      { role: "user", content: "What is the capital of Vietnam?" },
      { role: "assistant", content: "Hà Nội." },
      { role: "user", content: "And its population?" },
    ];
    const first = await answer(conversation);
    const second = await answer(conversation);
    expect(second.text).toBe(first.text);
    expect(second.parts).toEqual(first.parts);
  });

  it("varies its layout with the prompt", async () => {
    const prompts = Array.from({ length: 12 }, (_, i) => `Question number ${i}: how does topic ${i * 7} work?`);
    const headings = new Set<string>();
    const codeLanguages = new Set<string>();
    for (const prompt of prompts) {
      const { text } = await answer(userMessages(prompt));
      headings.add(text.split("\n")[0]?.replace(/[:“].*$/u, "") ?? "");
      codeLanguages.add(/```(\w+)/.exec(text)?.[1] ?? "");
    }
    expect(headings.size).toBeGreaterThan(1);
    expect(codeLanguages.size).toBeGreaterThan(1);
  });

  it.each([
    "Why is the sky blue?",
    "Can you explain, in simple terms, how a compiler turns source code into a program that runs on my laptop?",
    "Объясните простыми словами, как компилятор превращает исходный код в программу?",
    "Какая сегодня погода?",
  ])(
    "writes 120–200 words of Markdown with a heading, the question, a list, a code block and a table: %s",
    async (question) => {
      const { text } = await answer(userMessages(question));
      expect(words(text).length).toBeGreaterThanOrEqual(120);
      expect(words(text).length).toBeLessThanOrEqual(200);
      expect(text).toMatch(/^## \S.*$/m);
      expect(text).toContain(question.slice(0, 60));
      expect(text.match(/^- \S.*$/gm)?.length).toBeGreaterThanOrEqual(3);
      expect(text).toMatch(/^```\w+\n[\s\S]+?\n```$/m);
      expect(text).toMatch(/^\| .+ \| .+ \|\n\| --- \| --- \|\n(\| .+ \| .+ \|\n?){3}/m);
    },
  );

  it("keeps Vietnamese and Chinese answers to the same length, counted as they are written", async () => {
    // Vietnamese writes each syllable apart (a word is one to three of them); Chinese writes no spaces at all.
    for (const question of [
      "Thời tiết hôm nay thế nào?",
      "Bạn có thể giải thích trình biên dịch biến mã nguồn thành chương trình chạy trên máy tính như thế nào không?",
    ]) {
      const syllables = words((await answer(userMessages(question))).text).length;
      expect(syllables).toBeGreaterThanOrEqual(150);
      expect(syllables).toBeLessThanOrEqual(240);
    }
    const chinese = (await answer(userMessages("请解释一下云是如何形成的？"))).text;
    const hanCount = chinese.match(/\p{Script=Han}/gu)?.length ?? 0;
    expect(hanCount).toBeGreaterThanOrEqual(150);
    expect(hanCount).toBeLessThanOrEqual(400);
    expect(chinese).toMatch(/^```\w+\n[\s\S]+?\n```$/m);
  });

  it("says near the top that it is Mây's offline model because no provider is configured", async () => {
    const { text } = await answer(userMessages("What can you do?"));
    const top = text.split("\n\n").slice(0, 2).join("\n");
    expect(top).toContain("Mây's offline model");
    expect(top).toMatch(/no AI provider is configured/i);
  });

  it.each([
    ["vi", "Thời tiết hôm nay ở Hà Nội thế nào?", "mô hình ngoại tuyến của Mây", "Tiếng Việt"],
    ["en", "What is the weather like in Hanoi today?", "Mây's offline model", "English"],
    ["ru", "Какая сегодня погода в Ханое?", "офлайн-модель Mây", "Русский"],
    ["zh", "今天河内的天气怎么样？", "Mây 的离线模型", "中文"],
  ])("answers a %s question in that language", async (_language, question, notice, languageName) => {
    const { text } = await answer(userMessages(question));
    expect(text).toContain(notice);
    expect(text).toContain(`| ${languageName} |`);
    expect(text).toContain(question);
  });

  it("follows the language of the last user message, not earlier ones", async () => {
    const { text } = await answer([
      { role: "user", content: "Xin chào, bạn khỏe không?" },
      { role: "assistant", content: "Tôi khỏe." },
      { role: "user", content: "Please answer in English from now on." },
    ]);
    expect(text).toContain("Mây's offline model");
  });

  it("streams a word or two per part", async () => {
    const { parts } = await answer(userMessages("Tell me about the monsoon season in Southeast Asia."));
    const texts = parts.flatMap((p) => (p.type === "text" ? [p.text] : []));
    expect(texts.length).toBeGreaterThan(60);
    for (const t of texts) expect(words(t).length).toBeLessThanOrEqual(2);
  });

  it("streams Chinese, which has no spaces, in small pieces too", async () => {
    const { parts } = await answer(userMessages("请详细解释一下云是如何形成的，以及为什么会下雨。"));
    const texts = parts.flatMap((p) => (p.type === "text" ? [p.text] : []));
    for (const t of texts) expect(Array.from(t.trim()).length).toBeLessThanOrEqual(24);
  });

  it("pauses the configured delay before each chunk", async () => {
    const messages = userMessages("Explain rainbows.");
    const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "Explain rainbows." }] }];
    const expected = composeOfflineAnswer(prompt);
    const chunkCount = splitIntoChunks(expected.text, expected.hash).length;
    const delayMs = 3;
    const started = Date.now();
    const { text } = await answer(messages, offlineModel(delayMs));
    expect(Date.now() - started).toBeGreaterThanOrEqual(chunkCount * delayMs);
    expect(text).toBe(expected.text);
  });

  it("stops promptly, without an error, when the caller aborts", async () => {
    const controller = new AbortController();
    // A pause far longer than the test's deadline: only a prompt reaction to the abort lets it finish in time.
    const model = offlineModel(5_000);
    const started = Date.now();
    const seen: string[] = [];
    const run = (async () => {
      for await (const part of streamAnswer({
        model,
        prompt: { messages: userMessages("A long answer please") },
        abortSignal: controller.signal,
      })) {
        seen.push(part.type);
      }
    })();
    setTimeout(() => controller.abort(), 50);
    await within(2_000, run);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(seen).toEqual([]);
  });

  it("emits the AI SDK stream parts in order: stream-start, text-start, deltas, text-end, finish with usage", async () => {
    const model = offlineModel();
    const { stream } = await model.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "Parts?" }] }],
    });
    const parts: LanguageModelV3StreamPart[] = [];
    for await (const part of stream) parts.push(part);
    const types = parts.map((p) => p.type).filter((t) => t !== "response-metadata");
    const deltas = types.filter((t) => t === "text-delta").length;
    expect(deltas).toBeGreaterThan(10);
    expect(types).toEqual(["stream-start", "text-start", ...Array(deltas).fill("text-delta"), "text-end", "finish"]);
    const last = parts.at(-1);
    expect(last?.type === "finish" && last.usage.outputTokens.total).toBe(deltas);
    expect(last?.type === "finish" && last.finishReason.unified).toBe("stop");
  });

  it("generates the same text without streaming", async () => {
    const model = offlineModel(50);
    const prompt = [{ role: "user" as const, content: [{ type: "text" as const, text: "Same either way?" }] }];
    const generated = await model.doGenerate({ prompt });
    const { text } = await answer(userMessages("Same either way?"), offlineModel());
    expect(generated.content).toEqual([{ type: "text", text }]);
    expect(generated.finishReason.unified).toBe("stop");
  });
});

describe("the offline model shows the user's settings it received", () => {
  const ask = (system: string, question: string) => [
    { role: "system" as const, content: system },
    { role: "user" as const, content: [{ type: "text" as const, text: question }] },
  ];

  it("lists the expert, the style, the custom instructions, the remembered facts and the temperature", () => {
    const personal = buildPersonalization({
      settings: {
        chatCustomization: "Always answer like a pirate.",
        enableAiCustom: true,
        allowNewChats: true,
        memoryEnabled: true,
      },
      style: "superCreative",
      memories: [{ content: "Lives in Đà Nẵng" }, { content: "Has a cat" }],
      persona: EXPERT_PERSONA_SPECS["english-professor"],
    });
    const { text } = composeOfflineAnswer(
      ask(`You are Mây.\n\n${personal.system}`, "How do I say hello?"),
      personal.temperature,
    );
    expect(text).toContain("Your settings, as I received them:");
    expect(text).toContain("- Expert: English professor");
    expect(text).toContain("- Style: very creative");
    expect(text).toContain("- Custom instructions: “Always answer like a pirate.”");
    expect(text).toContain("- Remembered facts: 2");
    expect(text).toContain(`- Temperature: ${personal.temperature}`);
  });

  it("says nothing about settings when none applies, in the user's language otherwise", () => {
    expect(composeOfflineAnswer(ask("You are Mây.", "Xin chào")).text).not.toContain("Cài đặt");
    const personal = buildPersonalization({
      settings: {
        chatCustomization: "Trả lời ngắn gọn",
        enableAiCustom: true,
        allowNewChats: true,
        memoryEnabled: false,
      },
      style: null,
      memories: [],
    });
    const { text } = composeOfflineAnswer(ask(`You are Mây.\n\n${personal.system}`, "Thời tiết Hà Nội thế nào?"));
    expect(text).toContain("Cài đặt của bạn mà tôi nhận được:");
    expect(text).toContain("- Hướng dẫn tùy chỉnh: “Trả lời ngắn gọn”");
  });
});
