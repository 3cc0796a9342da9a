// Mây's built-in offline model: a real AI SDK language model that serves every endpoint whose provider has no key, so
// the product runs and is tested end to end on a fresh checkout. It is deterministic (the same conversation gives the
// same answer), answers in the language of the user's last message, and streams a word or two at a time at a
// realistic pace. It says plainly that it is the offline model; it is not a provider and never pretends to be one.
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { type DetectedLanguage, detectLanguage } from "../protocol/language";
import {
  CHAT_INSTRUCTIONS_HEADER,
  CUSTOM_INSTRUCTIONS_HEADER,
  MEMORY_HEADER,
  PERSONA_PREFIX,
} from "../personalization/build-personalization";
import { parseAttachmentsPrompt } from "../uploads/attachment-prompt";
import { readProjectPrompt } from "./project-prompt";
import { showcaseSections } from "./offline-showcase";

export const OFFLINE_PROVIDER = "may.offline";
export const OFFLINE_MODEL_ID = "may-offline";

/** The pause before each streamed chunk when OFFLINE_MODEL_DELAY_MS is not set, in milliseconds. */
export const DEFAULT_OFFLINE_DELAY_MS = 25;

/** Longest quote of the question the answer repeats, and the heading's topic, in characters. */
const QUOTE_MAX_CHARS = 80;
const TOPIC_MAX_WORDS = 6;
const TOPIC_MAX_CHARS = 40;

interface Phrases {
  languageName: string;
  noText: string;
  /** `{topic}` is replaced by the first words of the question. */
  headings: string[];
  notice: string;
  /** `{quote}` is replaced by the question, shortened. */
  intros: string[];
  listTitles: string[];
  bulletSets: string[][];
  codeIntro: string;
  tableIntro: string;
  tableHead: [string, string];
  /** The first row counts words, or characters for Chinese, where words are not separated by spaces. */
  lengthLabel: string;
  languageLabel: string;
  modelLabel: string;
  modelName: string;
  /** The heading of the list of files the question carried. */
  filesTitle: string;
  /** `{size}` is replaced by the file's size in bytes. */
  fileSize: string;
  /** The heading of what the user's settings added to the conversation, and its labels. */
  settingsTitle: string;
  settingsLabels: {
    expert: string;
    style: string;
    instructions: string;
    chatInstructions: string;
    /** The chat's project: its name, instructions and files. */
    project: string;
    memories: string;
    temperature: string;
  };
  closings: string[];
}

const PHRASES: Record<DetectedLanguage, Phrases> = {
  en: {
    languageName: "English",
    noText: "your message",
    headings: ["Offline answer: {topic}", "A first look at “{topic}”", "Notes on “{topic}”"],
    notice:
      "**This is Mây's offline model.** No AI provider is configured on this server, so this reply is a local demonstration, not a real AI answer.",
    intros: [
      "You asked: “{quote}”. A real model would break the question down, find what you most need to know and answer step by step. A full answer usually looks like this.",
      "Your question was “{quote}”. A real answer needs a configured provider; until then, this sample shows how Mây lays out a reply: summary, key points, an example and a comparison.",
      "About “{quote}”: the offline model cannot reason about it, but it shows the format a full answer would use, so you can check that streaming, Markdown and saving work.",
    ],
    listTitles: ["Key points:", "What a full answer would cover:", "Things to consider:"],
    bulletSets: [
      [
        "The main idea behind your question, stated plainly.",
        "The details and trade-offs that matter in practice.",
        "A concrete next step you can take right away.",
      ],
      [
        "Background: the terms and facts the answer depends on.",
        "Options: the realistic choices, with their costs.",
        "A recommendation, with the reason for it.",
      ],
      [
        "What is known for certain, and what is only likely.",
        "Common mistakes people make with this topic.",
        "Where to read more if you want to go deeper.",
      ],
    ],
    codeIntro: "A small example that works with the text of your question:",
    tableIntro: "Your question at a glance:",
    tableHead: ["Item", "Value"],
    lengthLabel: "Words",
    languageLabel: "Language",
    modelLabel: "Model",
    modelName: "Mây offline",
    settingsTitle: "Your settings, as I received them:",
    settingsLabels: {
      expert: "Expert",
      style: "Style",
      instructions: "Custom instructions",
      chatInstructions: "This chat's instructions",
      project: "Project",
      memories: "Remembered facts",
      temperature: "Temperature",
    },
    filesTitle: "Files I received:",
    fileSize: "{size} bytes",
    closings: [
      "For real answers, ask the operator to set a provider key such as `OPENAI_API_KEY`.",
      "Once an operator adds a provider key (OpenAI, Anthropic, Google, xAI, DeepSeek or an OpenAI-compatible server), this model steps aside.",
    ],
  },
  vi: {
    languageName: "Tiếng Việt",
    noText: "tin nhắn của bạn",
    headings: ["Trả lời ngoại tuyến: {topic}", "Góc nhìn đầu tiên về “{topic}”", "Ghi chú về “{topic}”"],
    notice:
      "**Đây là mô hình ngoại tuyến của Mây.** Máy chủ này chưa cấu hình nhà cung cấp AI nào, nên đây chỉ là câu trả lời minh họa, không phải từ AI thật.",
    intros: [
      "Bạn hỏi: “{quote}”. Một mô hình thật sẽ phân tích câu hỏi, tìm điều bạn cần biết nhất và trả lời từng bước. Câu trả lời đầy đủ thường trông như sau.",
      "Câu hỏi của bạn là “{quote}”. Để có câu trả lời thật cần cấu hình một nhà cung cấp; trong lúc chờ, mẫu này cho thấy cách Mây trình bày: tóm tắt, ý chính, ví dụ và bảng.",
      "Về “{quote}”: mô hình ngoại tuyến không thể suy luận, nhưng cho thấy định dạng của một câu trả lời đầy đủ, để bạn kiểm tra phát trực tiếp, Markdown và lưu trữ.",
    ],
    listTitles: ["Ý chính:", "Câu trả lời đầy đủ sẽ gồm:", "Điều cần cân nhắc:"],
    bulletSets: [
      [
        "Ý chính của câu hỏi, nói rõ ràng.",
        "Chi tiết và đánh đổi quan trọng trong thực tế.",
        "Một bước cụ thể có thể làm ngay.",
      ],
      [
        "Bối cảnh: thuật ngữ và dữ kiện mà câu trả lời dựa vào.",
        "Các lựa chọn thực tế và cái giá của chúng.",
        "Một đề xuất, kèm lý do.",
      ],
      [
        "Điều gì chắc chắn, điều gì chỉ là khả năng.",
        "Lỗi thường gặp với chủ đề này.",
        "Nơi đọc thêm nếu muốn tìm hiểu sâu.",
      ],
    ],
    codeIntro: "Một ví dụ nhỏ với nội dung câu hỏi:",
    tableIntro: "Tóm tắt câu hỏi:",
    tableHead: ["Mục", "Giá trị"],
    lengthLabel: "Số từ",
    languageLabel: "Ngôn ngữ",
    modelLabel: "Mô hình",
    modelName: "Mây ngoại tuyến",
    settingsTitle: "Cài đặt của bạn mà tôi nhận được:",
    settingsLabels: {
      expert: "Chuyên gia",
      style: "Phong cách",
      instructions: "Hướng dẫn tùy chỉnh",
      chatInstructions: "Hướng dẫn của cuộc trò chuyện này",
      project: "Dự án",
      memories: "Điều đã ghi nhớ",
      temperature: "Nhiệt độ",
    },
    filesTitle: "Các tệp tôi nhận được:",
    fileSize: "{size} byte",
    closings: [
      "Để nhận câu trả lời thật, hãy nhờ quản trị viên đặt khóa nhà cung cấp, ví dụ `OPENAI_API_KEY`.",
      "Khi quản trị viên thêm khóa nhà cung cấp (OpenAI, Anthropic, Google, xAI, DeepSeek hoặc máy chủ tương thích OpenAI), mô hình này nhường chỗ.",
    ],
  },
  ru: {
    languageName: "Русский",
    noText: "ваше сообщение",
    headings: ["Офлайн-ответ: {topic}", "Первый взгляд на «{topic}»", "Заметки о «{topic}»"],
    notice:
      "**Это офлайн-модель Mây.** На этом сервере не настроен ни один поставщик ИИ, поэтому этот ответ — локальная демонстрация, а не ответ настоящего ИИ.",
    intros: [
      "Вы спросили: «{quote}». Настоящая модель разобрала бы вопрос, выделила главное и ответила бы по шагам. Вот как обычно выглядит такой ответ.",
      "Ваш вопрос: «{quote}». Он заслуживает настоящего ответа, а для этого нужен настроенный поставщик. Пока этот пример показывает, как Mây оформляет ответ: краткий итог, главные пункты, пример и сравнение.",
      "О вопросе «{quote}»: офлайн-модель не может его обдумать, но может показать формат полного ответа, чтобы вы проверили, что потоковая передача, Markdown и сохранение работают.",
    ],
    listTitles: ["Главное:", "Что охватил бы полный ответ:", "Что стоит учесть:"],
    bulletSets: [
      [
        "Основная идея вашего вопроса простыми словами.",
        "Детали и компромиссы, важные на практике.",
        "Конкретный шаг, который можно сделать сразу.",
      ],
      [
        "Контекст: термины и факты, на которых строится ответ.",
        "Варианты: реальные возможности и их цена.",
        "Рекомендация и её обоснование.",
      ],
      [
        "Что известно точно, а что лишь вероятно.",
        "Типичные ошибки в этой теме.",
        "Где почитать подробнее, если хотите углубиться.",
      ],
    ],
    codeIntro: "Небольшой пример, работающий с текстом вашего вопроса:",
    tableIntro: "Ваш вопрос в цифрах:",
    tableHead: ["Параметр", "Значение"],
    lengthLabel: "Слов",
    languageLabel: "Язык",
    modelLabel: "Модель",
    modelName: "Mây офлайн",
    settingsTitle: "Ваши настройки, как я их получил:",
    settingsLabels: {
      expert: "Эксперт",
      style: "Стиль",
      instructions: "Ваши инструкции",
      chatInstructions: "Инструкции этого чата",
      project: "Проект",
      memories: "Запомненные факты",
      temperature: "Температура",
    },
    filesTitle: "Полученные файлы:",
    fileSize: "{size} байт",
    closings: [
      "Чтобы получать настоящие ответы, попросите администратора задать ключ поставщика, например `OPENAI_API_KEY`.",
      "Когда администратор добавит ключ поставщика (OpenAI, Anthropic, Google, xAI, DeepSeek или сервер, совместимый с OpenAI), эта модель уступит место.",
    ],
  },
  zh: {
    languageName: "中文",
    noText: "你的消息",
    headings: ["离线回答：{topic}", "初步看看「{topic}」", "关于「{topic}」的笔记"],
    notice:
      "**这是 Mây 的离线模型。** 此服务器尚未配置任何 AI 提供商，因此这条回复只是本地生成的演示，并非来自真正的 AI。",
    intros: [
      "你问道：「{quote}」。真正的模型会拆解这个问题，找出你最需要了解的内容，并一步步作答。下面是这类回答通常的样子。",
      "你的问题是「{quote}」。它值得一个真正的回答，但这需要先配置提供商。在此之前，这个示例展示了 Mây 如何组织回答：摘要、要点、示例和对比。",
      "关于「{quote}」：离线模型无法对此进行推理，但可以展示完整回答的格式，方便你确认流式输出、Markdown 和保存功能都正常。",
    ],
    listTitles: ["要点：", "完整的回答会包括：", "需要考虑的事项："],
    bulletSets: [
      ["用简单的话说明问题的核心。", "实践中重要的细节与取舍。", "一个你可以立即采取的具体步骤。"],
      ["背景：回答所依赖的术语和事实。", "选项：现实可行的选择及其代价。", "一条建议，以及理由。"],
      ["哪些是确定的，哪些只是可能。", "这个话题上常见的错误。", "如果想深入了解，可以去哪里阅读。"],
    ],
    codeIntro: "一个处理你问题文本的小例子：",
    tableIntro: "你的问题概览：",
    tableHead: ["项目", "数值"],
    lengthLabel: "字数",
    languageLabel: "语言",
    modelLabel: "模型",
    modelName: "Mây 离线",
    settingsTitle: "我收到的你的设置：",
    settingsLabels: {
      expert: "专家",
      style: "风格",
      instructions: "自定义指令",
      chatInstructions: "本对话的指令",
      project: "项目",
      memories: "记住的信息",
      temperature: "温度",
    },
    filesTitle: "我收到的文件：",
    fileSize: "{size} 字节",
    closings: [
      "如需真正的回答，请让管理员设置提供商密钥，例如 `OPENAI_API_KEY`。",
      "管理员添加提供商密钥（OpenAI、Anthropic、Google、xAI、DeepSeek 或兼容 OpenAI 的服务器）后，此模型将自动让位。",
    ],
  },
};

/** 32-bit FNV-1a: a small, stable hash so the same conversation always picks the same variants. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Picks one of `items` with a few bits of `hash`, starting at bit `shift`. */
function pick<T>(items: readonly T[], hash: number, shift: number): T {
  return items[(hash >>> shift) % items.length] as T;
}

function textOf(message: LanguageModelV3Prompt[number]): string {
  if (message.role === "system") return message.content;
  return message.content.map((part) => (part.type === "text" || part.type === "reasoning" ? part.text : "")).join(" ");
}

/** Removes what would break the Markdown around a quote: backticks, table pipes, emphasis and line breaks. */
function sanitize(text: string): string {
  return text
    .replace(/[`|*_#<>\\]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function shorten(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join("").trimEnd()}…` : text;
}

function topicOf(question: string): string {
  const words = question.split(" ");
  const firstWords = words.length > TOPIC_MAX_WORDS ? `${words.slice(0, TOPIC_MAX_WORDS).join(" ")}…` : question;
  return shorten(firstWords, TOPIC_MAX_CHARS);
}

function codeBlock(variant: number, topic: string): string {
  const literal = JSON.stringify(topic);
  switch (variant) {
    case 0:
      return [
        "```ts",
        `const question = ${literal};`,
        "const words = question.trim().split(/\\s+/);",
        "console.log(words.length, words.map((w) => w.length));",
        "```",
      ].join("\n");
    case 1:
      return [
        "```python",
        `question = ${literal}`,
        "words = question.split()",
        "print(len(words), max(words, key=len))",
        "```",
      ].join("\n");
    default:
      return ["```bash", `question='${topic.replace(/'/g, "")}'`, 'echo "$question" | wc -w', "```"].join("\n");
  }
}

export interface OfflineAnswer {
  text: string;
  language: DetectedLanguage;
  /** The conversation's hash; it also paces the chunking. */
  hash: number;
}

/** A file the last question carried, as the model received it: text blocks before the question, images as file parts. */
interface ReceivedFile {
  name: string;
  size: number;
  kind: string;
  firstLine: string | null;
}

/** The last user message's files and its question without them. */
function readQuestion(message: LanguageModelV3Prompt[number] | undefined): { question: string; files: ReceivedFile[] } {
  if (!message || message.role === "system") return { question: "", files: [] };
  const { files, question } = parseAttachmentsPrompt(textOf(message));
  const received: ReceivedFile[] = files.map((f) => ({
    name: f.name,
    size: f.size,
    kind: f.group,
    firstLine:
      f.text
        ?.split("\n")
        .find((l) => l.trim())
        ?.trim() ?? null,
  }));
  for (const part of message.content) {
    if (typeof part === "string" || part.type !== "file") continue;
    const size = part.data instanceof Uint8Array ? part.data.byteLength : 0;
    received.push({ name: part.filename ?? part.mediaType, size, kind: part.mediaType, firstLine: null });
  }
  return { question, files: received };
}

function filesSection(files: ReceivedFile[], p: Phrases): string | null {
  if (files.length === 0) return null;
  const lines = files.map((f) => {
    const quote = f.firstLine ? `: “${sanitize(shorten(f.firstLine, 200))}”` : "";
    return `- ${sanitize(f.name)} (${p.fileSize.replace("{size}", String(f.size))}, ${f.kind})${quote}`;
  });
  return [p.filesTitle, ...lines].join("\n");
}

/**
 * What the user's settings added, read back from the system prompt (the blocks build-personalization.ts writes) and
 * the call's temperature: the expert persona, the AI style, the custom instructions, the chat's own instructions, its
 * project (worker/models/project-prompt.ts) and the remembered facts.
 */
function settingsSection(prompt: LanguageModelV3Prompt, temperature: number | undefined, p: Phrases): string | null {
  const system = prompt.flatMap((m) => (m.role === "system" ? [m.content] : [])).join("\n\n");
  const l = p.settingsLabels;
  const lines: string[] = [];
  const expert = system.split("\n").find((line) => line.startsWith(PERSONA_PREFIX));
  if (expert) lines.push(`- ${l.expert}: ${sanitize(expert.slice(PERSONA_PREFIX.length).replace(/\.$/, ""))}`);
  const style = /^Style: ([^.]+)\./m.exec(system)?.[1];
  if (style) lines.push(`- ${l.style}: ${sanitize(style)}`);
  const instructions = system.split(`${CUSTOM_INSTRUCTIONS_HEADER}\n"""\n`)[1]?.split('\n"""')[0];
  if (instructions) lines.push(`- ${l.instructions}: “${sanitize(shorten(instructions, QUOTE_MAX_CHARS))}”`);
  const chatInstructions = system.split(`${CHAT_INSTRUCTIONS_HEADER}\n"""\n`)[1]?.split('\n"""')[0];
  if (chatInstructions)
    lines.push(`- ${l.chatInstructions}: “${sanitize(shorten(chatInstructions, QUOTE_MAX_CHARS))}”`);
  const project = readProjectPrompt(system);
  if (project) {
    const said = project.instructions ? ` — “${sanitize(shorten(project.instructions, QUOTE_MAX_CHARS))}”` : "";
    const files = project.files.length > 0 ? ` (${project.files.map(sanitize).join(", ")})` : "";
    lines.push(`- ${l.project}: ${sanitize(project.name)}${said}${files}`);
  }
  const memories =
    system
      .split(`${MEMORY_HEADER}\n`)[1]
      ?.split("\n\n")[0]
      ?.split("\n")
      .filter((line) => line.startsWith("- ")).length ?? 0;
  if (memories > 0) lines.push(`- ${l.memories}: ${memories}`);
  // a temperature comes only from the user's settings (a persona, a style, the chat's own), so it shows alone too
  if (temperature !== undefined) lines.push(`- ${l.temperature}: ${temperature}`);
  if (lines.length === 0) return null;
  return [p.settingsTitle, ...lines].join("\n");
}

/** The offline answer for a conversation: Markdown of roughly 120–200 words in the language of the last user message. */
export function composeOfflineAnswer(prompt: LanguageModelV3Prompt, temperature?: number): OfflineAnswer {
  const conversation = prompt.filter((m) => m.role === "user" || m.role === "assistant");
  const hash = fnv1a(conversation.map((m) => `${m.role}:${textOf(m)}`).join("\n"));
  const lastUser = [...conversation].reverse().find((m) => m.role === "user");
  const asked = readQuestion(lastUser);
  const question = sanitize(asked.question);
  const files = filesSection(asked.files, PHRASES[detectLanguage(question)]);
  const settings = settingsSection(prompt, temperature, PHRASES[detectLanguage(question)]);
  const language = detectLanguage(question);
  const p = PHRASES[language];

  const topic = question ? topicOf(question) : p.noText;
  const quote = question ? shorten(question, QUOTE_MAX_CHARS) : p.noText;
  const length =
    language === "zh" ? Array.from(question.replace(/\s/g, "")).length : question ? question.split(" ").length : 0;

  const showcase = showcaseSections(asked.question, language);
  const text = [
    `## ${pick(p.headings, hash, 0).replace("{topic}", topic)}`,
    `> ${p.notice}`,
    ...(files ? [files] : []),
    ...(settings ? [settings] : []),
    pick(p.intros, hash, 3).replace("{quote}", quote),
    // a question asking for code, a formula or a diagram gets them instead of the generic sample
    ...(showcase.length > 0
      ? showcase
      : [
          [pick(p.listTitles, hash, 6), ...pick(p.bulletSets, hash, 9).map((b) => `- ${b}`)].join("\n"),
          p.codeIntro,
          codeBlock((hash >>> 12) % 3, topic),
          p.tableIntro,
          [
            `| ${p.tableHead[0]} | ${p.tableHead[1]} |`,
            "| --- | --- |",
            `| ${p.lengthLabel} | ${length} |`,
            `| ${p.languageLabel} | ${p.languageName} |`,
            `| ${p.modelLabel} | ${p.modelName} |`,
          ].join("\n"),
        ]),
    pick(p.closings, hash, 15),
  ].join("\n\n");
  return { text, language, hash };
}

/**
 * Cuts the answer into streaming chunks of one or two words (chosen by a seeded sequence, so the chunking is as
 * deterministic as the text). Runs of Han characters, which have no spaces, count three characters as a word.
 * The chunks join back to exactly the text.
 */
export function splitIntoChunks(text: string, seed: number): string[] {
  const words: string[] = [];
  for (const piece of text.split(/(?<=\s)(?=\S)/u)) {
    const chars = Array.from(piece);
    const size = /\p{Script=Han}/u.test(piece) ? 3 : 12;
    for (let i = 0; i < chars.length; i += size) words.push(chars.slice(i, i + size).join(""));
  }
  const chunks: string[] = [];
  let state = seed || 1;
  for (let i = 0; i < words.length; ) {
    // xorshift32: a tiny deterministic sequence deciding one or two words per chunk.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const take = (state >>> 0) % 3 === 0 ? 2 : 1;
    chunks.push(words.slice(i, i + take).join(""));
    i += take;
  }
  return chunks;
}

function usageFor(prompt: LanguageModelV3Prompt, outputChunks: number): LanguageModelV3Usage {
  // Not real tokens: the offline model counts whitespace-separated words in and chunks out.
  const input = prompt.map(textOf).join(" ").split(/\s+/).filter(Boolean).length;
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputChunks, text: outputChunks, reasoning: 0 },
  };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** Waits `ms` milliseconds, rejecting as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function createOfflineModel(opts: { delayMs: number }): LanguageModelV3 {
  const delayMs = Math.max(0, opts.delayMs);
  return {
    specificationVersion: "v3",
    provider: OFFLINE_PROVIDER,
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},

    async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
      if (options.abortSignal?.aborted) throw abortError(options.abortSignal);
      const answer = composeOfflineAnswer(options.prompt, options.temperature);
      return {
        content: [{ type: "text", text: answer.text }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: usageFor(options.prompt, splitIntoChunks(answer.text, answer.hash).length),
        response: { modelId: OFFLINE_MODEL_ID },
        warnings: [],
      };
    },

    async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
      const answer = composeOfflineAnswer(options.prompt, options.temperature);
      const chunks = splitIntoChunks(answer.text, answer.hash);
      const signal = options.abortSignal;
      const id = "text-0";
      // Parts still to send after the deltas; the deltas are produced one per pull, each after the pause.
      let next = 0;
      let started = false;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          try {
            if (!started) {
              started = true;
              if (signal?.aborted) throw abortError(signal);
              controller.enqueue({ type: "stream-start", warnings: [] });
              controller.enqueue({ type: "response-metadata", modelId: OFFLINE_MODEL_ID });
              controller.enqueue({ type: "text-start", id });
              return;
            }
            if (next < chunks.length) {
              await pause(delayMs, signal);
              controller.enqueue({ type: "text-delta", id, delta: chunks[next] as string });
              next++;
              return;
            }
            if (signal?.aborted) throw abortError(signal);
            controller.enqueue({ type: "text-end", id });
            controller.enqueue({
              type: "finish",
              finishReason: { unified: "stop", raw: "stop" },
              usage: usageFor(options.prompt, chunks.length),
            });
            controller.close();
          } catch (err) {
            controller.error(err);
          }
        },
      });
      return { stream };
    },
  };
}
