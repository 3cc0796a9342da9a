// An answer as plain text, as a reader sees it rendered: markdown's syntax gone (emphasis, links and headings give their
// text), list markers and code kept, a table as tab-separated rows, a formula as its LaTeX. From the app's one lexer,
// so it reads the answer exactly as the screen does. Used by "copy as plain text" and a table's "copy for
// spreadsheet", and loaded on their click: it takes the lexer from the renderer's chunk, which is loaded by then (a
// dynamic import, so this module does not tie itself to that chunk's content).
import type { Token, Tokens } from "marked";

type Renderer = typeof import("./streaming-markdown");

/** Character references as characters (render-tokens.tsx's decodeEntities), set by the exported functions. */
let decodeEntities: Renderer["decodeEntities"] = (text) => text;

async function renderer(): Promise<Renderer> {
  const r = await import("./streaming-markdown");
  decodeEntities = r.decodeEntities;
  return r;
}

/** Inline content as its text. */
export function inlinePlain(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token): string => {
      switch (token.type) {
        case "text": {
          const t = token as Tokens.Text;
          return t.tokens ? inlinePlain(t.tokens) : decodeEntities(t.text);
        }
        case "escape":
        case "codespan":
          return (token as Tokens.Codespan).text;
        case "strong":
        case "em":
        case "del":
        case "link":
          return inlinePlain((token as Tokens.Strong).tokens);
        case "image":
          return decodeEntities((token as Tokens.Image).text);
        case "br":
          return "\n";
        case "checkbox":
          return (token as Tokens.Checkbox).checked ? "[x] " : "[ ] ";
        default:
          return "raw" in token ? token.raw : "";
      }
    })
    .join("");
}

/** A cell's text on one line: tabs and line breaks would start another cell or row in a spreadsheet. */
const cell = (tokens: readonly Token[]) =>
  inlinePlain(tokens)
    .replace(/[\t\r\n]+/g, " ")
    .trim();

/** A table as tab-separated values, header first, one row per line: what spreadsheets paste into cells. */
export async function tableTsv(token: Tokens.Table): Promise<string> {
  await renderer();
  return tsv(token);
}

function tsv(token: Tokens.Table): string {
  const rows = [token.header.map((c) => cell(c.tokens)), ...token.rows.map((row) => row.map((c) => cell(c.tokens)))];
  return rows.map((row) => row.join("\t")).join("\n");
}

function listPlain(token: Tokens.List, depth: number): string {
  const start = typeof token.start === "number" ? token.start : 1;
  return token.items
    .map((item, i) => {
      const marker = token.ordered ? `${start + i}. ` : "- ";
      const body = item.tokens
        .filter((t) => t.type !== "checkbox")
        .map((t) => (t.type === "list" ? listPlain(t as Tokens.List, depth + 1) : blockPlain(t, depth + 1)))
        .filter(Boolean)
        .join("\n");
      const box = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
      return `${"  ".repeat(depth)}${marker}${box}${body.trimStart()}`;
    })
    .join("\n");
}

function blockPlain(token: Token, depth = 0): string {
  switch (token.type) {
    case "space":
    case "def":
      return "";
    case "paragraph":
    case "heading":
      return inlinePlain((token as Tokens.Paragraph).tokens);
    case "text": {
      const t = token as Tokens.Text;
      return t.tokens ? inlinePlain(t.tokens) : decodeEntities(t.text);
    }
    case "code":
      return (token as Tokens.Code).text;
    case "blockquote":
      return blocksPlain((token as Tokens.Blockquote).tokens);
    case "list":
      return listPlain(token as Tokens.List, depth);
    case "table":
      return tsv(token as Tokens.Table);
    case "hr":
      return "———";
    case "html":
      return (token as Tokens.HTML).text.trim();
    default:
      return "raw" in token ? token.raw.trim() : "";
  }
}

function blocksPlain(tokens: readonly Token[]): string {
  return tokens
    .map((t) => blockPlain(t))
    .filter((text) => text !== "")
    .join("\n\n");
}

/** A whole answer as plain text. */
export async function answerPlainText(markdown: string): Promise<string> {
  const { lexWhole } = await renderer();
  return blocksPlain(lexWhole(markdown));
}
