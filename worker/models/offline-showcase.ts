// What the offline model answers when a question asks for code, a formula or a diagram: deterministic Markdown that
// uses a fenced code block in the language asked for, typeset math (inline `$…$`, display `\[…\]` and `$$…$$`) and a
// Mermaid flowchart, in the language of the question. Without a provider key, this is how a user (and the end-to-end
// tests) can see the answer add-ons of the chat screen: highlighted code, KaTeX and diagrams.
import type { DetectedLanguage } from "../protocol/language";

export type ShowcaseKind = "code" | "math" | "diagram";

/** Words that ask for each kind, per language. Latin and Cyrillic ones match whole words; stems end in `*`. */
const ASKS: Record<ShowcaseKind, readonly string[]> = {
  code: [
    // en
    "code",
    "function",
    "program*",
    "script",
    "snippet",
    // vi
    "mã nguồn",
    "viết mã",
    "hàm",
    "lập trình",
    // ru
    "код*",
    "функци*",
    "программ*",
    "скрипт*",
    // zh
    "代码",
    "函数",
    "程序",
    "编程",
  ],
  math: [
    "formula*",
    "equation*",
    "integral*",
    "derivative*",
    "math*",
    "latex",
    "công thức",
    "phương trình",
    "tích phân",
    "đạo hàm",
    "toán",
    "формул*",
    "уравнени*",
    "интеграл*",
    "производн*",
    "математ*",
    "公式",
    "方程",
    "积分",
    "导数",
    "数学",
  ],
  diagram: [
    "diagram*",
    "flowchart*",
    "flow chart*",
    "mermaid",
    "sơ đồ",
    "lưu đồ",
    "biểu đồ",
    "диаграмм*",
    "схем*",
    "блок-схем*",
    "流程图",
    "图表",
    "示意图",
    "框图",
  ],
};

/**
 * Words that ask for something to be made. Code is asked for with one of them ("write a function"), not by a question
 * about code ("how does a compiler turn source code into a program?").
 */
const REQUESTS: readonly string[] = [
  "write",
  "show",
  "give",
  "create",
  "make",
  "implement",
  "generate",
  "viết",
  "cho tôi",
  "tạo",
  "напиши*",
  "покажи*",
  "создай*",
  "приведи*",
  "дай*",
  "写",
  "给",
  "编写",
  "实现",
  "生成",
];

/**
 * Programming languages a question can name, with the fence tag the example uses. Naming one of them asks for code,
 * except names that are also everyday words ("go", "rust", "shell"): those only pick the language of code asked for.
 */
const CODE_LANGUAGES: readonly { names: readonly string[]; fence: CodeLanguage; asks: boolean }[] = [
  { names: ["python", "py"], fence: "python", asks: true },
  { names: ["javascript", "js", "node.js", "nodejs"], fence: "javascript", asks: true },
  { names: ["typescript", "ts"], fence: "typescript", asks: true },
  { names: ["java"], fence: "java", asks: true },
  { names: ["c++", "cpp"], fence: "cpp", asks: true },
  { names: ["golang"], fence: "go", asks: true },
  { names: ["go"], fence: "go", asks: false },
  { names: ["rust"], fence: "rust", asks: false },
  { names: ["sql"], fence: "sql", asks: true },
  { names: ["bash"], fence: "bash", asks: true },
  { names: ["shell"], fence: "bash", asks: false },
];

type CodeLanguage = "python" | "javascript" | "typescript" | "java" | "cpp" | "go" | "rust" | "sql" | "bash";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A matcher for one listed word: Han words match anywhere (no spaces between words), the others as whole words. */
function wordPattern(word: string): RegExp {
  const stem = word.endsWith("*");
  const body = escapeRegExp(stem ? word.slice(0, -1) : word);
  if (/\p{Script=Han}/u.test(word)) return new RegExp(body, "u");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${stem ? "" : "(?![\\p{L}\\p{N}+#])"}`, "iu");
}

const PATTERNS = Object.fromEntries(
  Object.entries(ASKS).map(([kind, words]) => [kind, words.map(wordPattern)]),
) as Record<ShowcaseKind, RegExp[]>;

const LANGUAGE_PATTERNS = CODE_LANGUAGES.map(({ names, fence, asks }) => ({
  fence,
  asks,
  patterns: names.map((name) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}+#])`, "iu")),
}));

const REQUEST_PATTERNS = REQUESTS.map(wordPattern);

/**
 * The kinds a question asks for, in a fixed order. Code is asked for by a request word with a word for code or the
 * name of a programming language ("write a function", "show me a SQL query").
 */
export function showcaseKinds(question: string): ShowcaseKind[] {
  const matches = (patterns: readonly RegExp[]) => patterns.some((pattern) => pattern.test(question));
  const namesLanguage = LANGUAGE_PATTERNS.some(({ asks, patterns }) => asks && matches(patterns));
  const asksForCode = matches(REQUEST_PATTERNS) && (matches(PATTERNS.code) || namesLanguage);
  return (Object.keys(PATTERNS) as ShowcaseKind[]).filter((kind) =>
    kind === "code" ? asksForCode : matches(PATTERNS[kind]),
  );
}

/** The programming language a question names (the first in the list above), else `fallback`. */
function codeLanguageOf<T extends CodeLanguage | null>(question: string, fallback: T): CodeLanguage | T {
  return LANGUAGE_PATTERNS.find(({ patterns }) => patterns.some((p) => p.test(question)))?.fence ?? fallback;
}

interface ShowcasePhrases {
  code: string;
  math: string;
  mathAfter: string;
  diagram: string;
  /** The flowchart's labels: question, provider key?, yes, no, real model, offline model, answer. */
  flow: [string, string, string, string, string, string, string];
}

const PHRASES: Record<DetectedLanguage, ShowcasePhrases> = {
  en: {
    code: "Here is a function that counts how often each word of a text appears:",
    math: "The area under the parabola $y = x^2$ between $0$ and $1$ is an integral:",
    mathAfter: "And the two roots of $ax^2 + bx + c = 0$, for $a \\neq 0$:",
    diagram: "How Mây answers a question, as a flowchart:",
    flow: ["Question", "Provider key?", "yes", "no", "Real model", "Offline model", "Answer"],
  },
  vi: {
    code: "Đây là một hàm đếm số lần mỗi từ xuất hiện trong văn bản:",
    math: "Diện tích dưới parabol $y = x^2$ từ $0$ đến $1$ là một tích phân:",
    mathAfter: "Và hai nghiệm của $ax^2 + bx + c = 0$, với $a \\neq 0$:",
    diagram: "Cách Mây trả lời một câu hỏi, dưới dạng lưu đồ:",
    flow: ["Câu hỏi", "Có khóa nhà cung cấp?", "có", "không", "Mô hình thật", "Mô hình ngoại tuyến", "Câu trả lời"],
  },
  ru: {
    code: "Вот функция, которая считает, сколько раз встречается каждое слово текста:",
    math: "Площадь под параболой $y = x^2$ от $0$ до $1$ — это интеграл:",
    mathAfter: "И два корня уравнения $ax^2 + bx + c = 0$ при $a \\neq 0$:",
    diagram: "Как Mây отвечает на вопрос, в виде блок-схемы:",
    flow: ["Вопрос", "Есть ключ провайдера?", "да", "нет", "Настоящая модель", "Офлайн-модель", "Ответ"],
  },
  zh: {
    code: "下面是一个统计文本中每个词出现次数的函数：",
    math: "抛物线 $y = x^2$ 在 $0$ 到 $1$ 之间的面积是一个积分：",
    mathAfter: "以及 $ax^2 + bx + c = 0$（$a \\neq 0$）的两个根：",
    diagram: "Mây 回答问题的流程图：",
    flow: ["问题", "有服务商密钥？", "是", "否", "真实模型", "离线模型", "回答"],
  },
};

/** The word-count example in each language a question can name. */
const CODE: Record<CodeLanguage, string> = {
  python: [
    "def word_counts(text: str) -> dict[str, int]:",
    '    """How often each word of `text` appears, ignoring case."""',
    "    counts: dict[str, int] = {}",
    "    for word in text.lower().split():",
    "        counts[word] = counts.get(word, 0) + 1",
    "    return counts",
    "",
    "",
    "print(word_counts(\"the cat and the hat\"))  # {'the': 2, 'cat': 1, 'and': 1, 'hat': 1}",
  ].join("\n"),
  javascript: [
    "/** How often each word of `text` appears, ignoring case. */",
    "function wordCounts(text) {",
    "  const counts = new Map();",
    "  for (const word of text.toLowerCase().split(/\\s+/).filter(Boolean)) {",
    "    counts.set(word, (counts.get(word) ?? 0) + 1);",
    "  }",
    "  return counts;",
    "}",
    "",
    'console.log(wordCounts("the cat and the hat")); // Map { "the" => 2, … }',
  ].join("\n"),
  typescript: [
    "/** How often each word of `text` appears, ignoring case. */",
    "export function wordCounts(text: string): Map<string, number> {",
    "  const counts = new Map<string, number>();",
    "  for (const word of text.toLowerCase().split(/\\s+/).filter(Boolean)) {",
    "    counts.set(word, (counts.get(word) ?? 0) + 1);",
    "  }",
    "  return counts;",
    "}",
  ].join("\n"),
  java: [
    "import java.util.HashMap;",
    "import java.util.Map;",
    "",
    "public class WordCounts {",
    "    /** How often each word of {@code text} appears, ignoring case. */",
    "    public static Map<String, Integer> of(String text) {",
    "        Map<String, Integer> counts = new HashMap<>();",
    '        for (String word : text.toLowerCase().split("\\\\s+")) {',
    "            if (!word.isEmpty()) counts.merge(word, 1, Integer::sum);",
    "        }",
    "        return counts;",
    "    }",
    "}",
  ].join("\n"),
  cpp: [
    "#include <map>",
    "#include <sstream>",
    "#include <string>",
    "",
    "// How often each word of `text` appears.",
    "std::map<std::string, int> word_counts(const std::string& text) {",
    "    std::map<std::string, int> counts;",
    "    std::istringstream words(text);",
    "    for (std::string word; words >> word;) ++counts[word];",
    "    return counts;",
    "}",
  ].join("\n"),
  go: [
    "package words",
    "",
    'import "strings"',
    "",
    "// Counts says how often each word of text appears, ignoring case.",
    "func Counts(text string) map[string]int {",
    "\tcounts := make(map[string]int)",
    "\tfor _, word := range strings.Fields(strings.ToLower(text)) {",
    "\t\tcounts[word]++",
    "\t}",
    "\treturn counts",
    "}",
  ].join("\n"),
  rust: [
    "use std::collections::HashMap;",
    "",
    "/// How often each word of `text` appears, ignoring case.",
    "fn word_counts(text: &str) -> HashMap<String, usize> {",
    "    let mut counts = HashMap::new();",
    "    for word in text.split_whitespace() {",
    "        *counts.entry(word.to_lowercase()).or_insert(0) += 1;",
    "    }",
    "    counts",
    "}",
  ].join("\n"),
  sql: [
    "-- How often each word appears, from a table with one word per row.",
    "SELECT lower(word) AS word, COUNT(*) AS uses",
    "FROM words",
    "GROUP BY lower(word)",
    "ORDER BY uses DESC, word",
    "LIMIT 10;",
  ].join("\n"),
  bash: [
    "#!/usr/bin/env bash",
    "# How often each word of a file appears, most frequent first.",
    'file="$1"',
    'tr -s "[:space:]" "\\n" < "$file" \\',
    '  | tr "[:upper:]" "[:lower:]" \\',
    "  | sort | uniq -c | sort -rn | head",
  ].join("\n"),
};

function codeSection(question: string, p: ShowcasePhrases): string {
  const language = codeLanguageOf(question, "python");
  return [p.code, `\`\`\`${language}\n${CODE[language]}\n\`\`\``].join("\n\n");
}

function mathSection(p: ShowcasePhrases): string {
  return [
    p.math,
    "\\[ \\int_0^1 x^2\\,dx = \\left[\\tfrac{x^3}{3}\\right]_0^1 = \\tfrac13 \\]",
    p.mathAfter,
    "$$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$",
  ].join("\n\n");
}

/** Mermaid node labels are quoted, so a translated label may hold spaces, question marks and accents. */
function diagramSection(p: ShowcasePhrases): string {
  const [question, key, yes, no, real, offline, answer] = p.flow;
  const chart = [
    "flowchart TD",
    `  Q["${question}"] --> K{"${key}"}`,
    `  K -- "${yes}" --> R["${real}"]`,
    `  K -- "${no}" --> O["${offline}"]`,
    `  R --> A["${answer}"]`,
    `  O --> A`,
  ].join("\n");
  return [p.diagram, `\`\`\`mermaid\n${chart}\n\`\`\``].join("\n\n");
}

/** The sections a question asks for, in the language of the answer; empty when it asks for none of them. */
export function showcaseSections(question: string, language: DetectedLanguage): string[] {
  const p = PHRASES[language];
  return showcaseKinds(question).map((kind) =>
    kind === "code" ? codeSection(question, p) : kind === "math" ? mathSection(p) : diagramSection(p),
  );
}
