// What a chat's saved answers need beyond markdown is loaded at once, as soon as their text is known: the code block,
// the highlighter and each fence's grammar, the math syntax and KaTeX for formulas, mermaid for diagrams; prose and
// prices load none of it. What a reader's answers needed is remembered, and warmed again when the app is next idle.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../../web/src/lib/storage";
import { rendererParts } from "../../../web/src/features/chat/markdown/streaming-markdown";
import { loadPartsFor, partsLoadedFor, type RendererParts } from "../../../web/src/features/chat/markdown/needed-parts";
import { remember, warmRememberedParts } from "../../../web/src/features/chat/markdown/remembered-parts";

const { codeBlockPart, formulaPart, highlighterPart, diagramPart, mathSyntaxLoaded } = rendererParts;

beforeEach(() => localStorage.clear());

describe("the parts a chat's answers need", () => {
  // first: the parts are the module's own, loaded once for the whole file
  it("loads nothing beyond markdown for prose, and not KaTeX for prices", async () => {
    const texts = ["Just **text**, with a list:\n\n- one\n- two", "It costs $5 and $10 a month."];
    await loadPartsFor(texts, rendererParts);
    expect(codeBlockPart.loaded()).toBeUndefined();
    expect(highlighterPart.loaded()).toBeUndefined();
    expect(formulaPart.loaded()).toBeUndefined();
    expect(diagramPart.loaded()).toBeUndefined();
    // a `$` may start a formula: the math syntax (a few hundred bytes) reads the prices as text
    expect(mathSyntaxLoaded()).toBe(true);
    expect(partsLoadedFor(texts, rendererParts)).toBe(true);
    // remembered in the background: a `$` is remembered as math, prices never as formulas
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.answerParts)).toContain('"formulas":false'));
  });

  it("loads the code block, the colouring, each fence's grammar and KaTeX together, then reports them loaded", async () => {
    const texts = [
      "```python\nprint(1)\n```\n\nand\n\n~~~ts\nconst a = 1;\n~~~",
      "The area is $\\pi r^2$, and:\n\n$$\n\\int_0^1 x^2\\,dx\n$$",
    ];
    expect(partsLoadedFor(texts, rendererParts)).toBe(false);
    await loadPartsFor(texts, rendererParts);
    expect(partsLoadedFor(texts, rendererParts)).toBe(true);
    expect(codeBlockPart.loaded()).toBeDefined();
    expect(formulaPart.loaded()).toBeDefined();
    const lib = highlighterPart.loaded();
    expect(lib?.languageReady("python")).toBe(true);
    expect(lib?.languageReady("typescript")).toBe(true);
    // a diagram was not asked for
    expect(diagramPart.loaded()).toBeUndefined();
  });

  it("loads mermaid for a diagram, and counts a fence in an unknown language as plain code", async () => {
    const texts = ["```mermaid\nflowchart TD\n  A --> B\n```\n\n```klingon\nqapla'\n```"];
    await loadPartsFor(texts, rendererParts);
    expect(diagramPart.loaded()).toBeDefined();
    expect(partsLoadedFor(texts, rendererParts)).toBe(true);
  });
});

describe("the parts a reader's answers needed before", () => {
  /** A renderer whose parts only record what was asked of them. */
  function recordingRenderer() {
    const asked: string[] = [];
    const part = (name: string) => ({
      load: vi.fn(async () => void asked.push(name)),
      loaded: () => undefined,
      subscribe: () => () => undefined,
    });
    const renderer = {
      codeBlockPart: part("code block"),
      formulaPart: part("KaTeX"),
      diagramPart: part("mermaid"),
      highlighterPart: {
        ...part("highlighter"),
        load: vi.fn(async () => {
          asked.push("highlighter");
          return {
            grammarName: (l: string) => (l === "py" ? "python" : l),
            loadLanguage: async (name: string) => void asked.push(`grammar ${name}`),
          };
        }),
      },
      loadMathSyntax: async () => void asked.push("math syntax"),
      mathSyntaxLoaded: () => false,
      MAY_HOLD_MATH: /\$|\\[([]/,
    } as unknown as RendererParts;
    return { renderer, asked };
  }

  it("warms nothing for a reader whose answers never needed a part", async () => {
    const { renderer, asked } = recordingRenderer();
    await warmRememberedParts(renderer);
    expect(asked).toEqual([]);
  });

  it("remembers code, its languages and formulas across chats, and warms them again (never mermaid)", async () => {
    remember({ code: true, languages: new Set(["py"]), diagrams: true, math: false, formulas: false });
    remember({ code: false, languages: new Set(), diagrams: false, math: true, formulas: true });
    const { renderer, asked } = recordingRenderer();
    await warmRememberedParts(renderer);
    expect(asked.sort()).toEqual(["KaTeX", "code block", "grammar python", "highlighter", "math syntax"]);
  });

  it("ignores a remembered entry it cannot read", async () => {
    localStorage.setItem(STORAGE_KEYS.answerParts, '{"code":"yes"}');
    const { renderer, asked } = recordingRenderer();
    await warmRememberedParts(renderer);
    expect(asked).toEqual([]);
  });
});
