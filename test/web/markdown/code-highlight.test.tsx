// Code in answers as a reader sees it: coloured by its language once the grammar has loaded, plain when the language is
// unknown, a streaming block coloured in passes without ever changing its text, the same DOM in the end as a whole
// render, copy giving the raw code, and long lines wrapping on demand.
import { act, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadRichParts, StreamingMarkdown, WholeMarkdown } from "../../../web/src/features/chat/markdown";
import { loadLanguage } from "../../../web/src/features/chat/markdown/code/highlighter";
import { GRAMMAR_NAMES, grammarName } from "../../../web/src/features/chat/markdown/code/languages";
import { renderWithI18n } from "./render-helpers";

// Code blocks and formulas load with the first answer needing them in the app; here they are there from the start.
beforeAll(() => loadRichParts());
// lowlight and each grammar load on demand, and colouring runs in later tasks: on a busy machine that can take more
// than Testing Library's default second to wait for
configure({ asyncUtilTimeout: 10_000 });

const PYTHON = '```python\ndef greet(name):\n    return f"Hello, {name}"  # say hi\n```';

describe("code highlighting", () => {
  it("colours a Python block once its grammar has loaded, keeping the code's text", async () => {
    const { container } = renderWithI18n(<StreamingMarkdown text={PYTHON} />);
    const code = () => container.querySelector("pre code");
    expect(code()?.textContent).toBe('def greet(name):\n    return f"Hello, {name}"  # say hi\n');
    await waitFor(() => expect(code()?.querySelector(".hljs-keyword")?.textContent).toBe("def"));
    expect(code()?.querySelector(".hljs-comment")?.textContent).toBe("# say hi");
    expect(code()?.textContent).toBe('def greet(name):\n    return f"Hello, {name}"  # say hi\n');
  });

  it("leaves an unknown or missing language plain", async () => {
    const { container } = renderWithI18n(
      <StreamingMarkdown text={`\`\`\`klingon\nqapla'\n\`\`\`\n\n\`\`\`\nplain\n\`\`\`\n\n${PYTHON}`} />,
    );
    const blocks = container.querySelectorAll("pre code");
    await waitFor(() => expect(blocks[2]?.querySelector(".hljs-keyword")).not.toBeNull());
    expect(blocks[0]?.children).toHaveLength(0);
    expect(blocks[1]?.children).toHaveLength(0);
    expect(grammarName("klingon")).toBeNull();
  });

  it("knows the common languages by their usual fence names", () => {
    const names = ["py", "js", "ts", "tsx", "java", "c", "c++", "C#", "go", "rust", "php", "rb", "kotlin", "swift"];
    const more = ["sql", "sh", "bash", "powershell", "html", "css", "json", "yaml", "md", "Dockerfile", "lua", "r"];
    for (const name of [...names, ...more]) expect(grammarName(name), name).not.toBeNull();
    expect(GRAMMAR_NAMES.length).toBeGreaterThanOrEqual(30);
  });

  it("colours a block still streaming in passes, its newest text plain until the next, and all of it once closed", async () => {
    await loadLanguage("typescript");
    const view = renderWithI18n(<StreamingMarkdown text={"```ts\nconst a = 1;\n"} streaming />);
    const code = () => view.container.querySelector("pre code");
    // the first pass comes after a pause, not on the update itself
    expect(code()?.children).toHaveLength(0);
    await waitFor(() => expect(code()?.querySelector(".hljs-keyword")).not.toBeNull());
    view.rerender(<StreamingMarkdown text={"```ts\nconst a = 1;\nconst b = 2;\n"} streaming />);
    expect(code()?.textContent).toBe("const a = 1;\nconst b = 2;\n");
    expect(code()?.querySelectorAll(".hljs-keyword")).toHaveLength(1);
    view.rerender(<StreamingMarkdown text={"```ts\nconst a = 1;\nconst b = 2;\n```"} streaming />);
    expect(code()?.querySelectorAll(".hljs-keyword")).toHaveLength(2);
  });

  it("colours finished blocks in the render while its task has time, the rest in later tasks, all at once when shown again", async () => {
    await loadLanguage("go");
    // enough code that colouring all of it takes longer than one task's share (highlighter.ts, SLICE_MS)
    const BLOCKS = 120;
    const body = Array.from({ length: 30 }, (_, i) => `x${i} := f(${i}, "s${i}") // c${i}`).join("\n");
    const text = Array.from({ length: BLOCKS }, (_, n) => `\`\`\`go\nfunc f${n}() int {\n${body}\n}\n\`\`\``).join(
      "\n\n",
    );
    const coloured = (root: HTMLElement) =>
      [...root.querySelectorAll("pre code")].filter((code) => code.querySelector(".hljs-keyword")).length;
    const first = renderWithI18n(<StreamingMarkdown text={text} />);
    // the first blocks are coloured in the render that shows them; the others show as text (the same lines, so
    // colours arriving move nothing), coloured in later tasks
    const inRender = coloured(first.container);
    expect(inRender).toBeGreaterThan(0);
    expect(inRender).toBeLessThan(BLOCKS);
    expect(first.container.querySelectorAll("pre code")[BLOCKS - 1]?.textContent).toBe(
      `func f${BLOCKS - 1}() int {\n${body}\n}\n`,
    );
    await waitFor(() => expect(coloured(first.container)).toBe(BLOCKS));
    first.unmount();
    // kept: the same blocks drawn again (a message scrolled back into view) are all coloured in their first render
    const again = renderWithI18n(<StreamingMarkdown text={text} />);
    expect(coloured(again.container)).toBe(BLOCKS);
  });

  it("ends a streamed answer with the same DOM as a whole render", async () => {
    await loadLanguage("python");
    const text = `Intro.\n\n${PYTHON}\n\nAfter.`;
    const streamed = renderWithI18n(<StreamingMarkdown text="" streaming />);
    for (let end = 1; end <= text.length; end += 7) {
      streamed.rerender(<StreamingMarkdown text={text.slice(0, end)} streaming />);
    }
    streamed.rerender(<StreamingMarkdown text={text} streaming={false} />);
    const whole = renderWithI18n(<WholeMarkdown text={text} />);
    await waitFor(() => expect(whole.container.querySelector(".hljs-keyword")).not.toBeNull());
    expect(streamed.container.innerHTML).toBe(whole.container.innerHTML);
  });

  it("copies the raw code, not the coloured spans", async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: async (t: string) => void writes.push(t) },
      configurable: true,
    });
    try {
      const { container } = renderWithI18n(<StreamingMarkdown text={PYTHON} />);
      await waitFor(() => expect(container.querySelector(".hljs-keyword")).not.toBeNull());
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
      expect(writes).toEqual(['def greet(name):\n    return f"Hello, {name}"  # say hi']);
    } finally {
      Reflect.deleteProperty(navigator, "clipboard");
    }
  });

  it("wraps long lines when asked, and says the switch is on", () => {
    const { container } = renderWithI18n(<StreamingMarkdown text={`\`\`\`\n${"x".repeat(300)}\n\`\`\``} />);
    const wrap = screen.getByRole("button", { name: "Wrap" });
    expect(wrap.getAttribute("aria-pressed")).toBe("false");
    expect(container.querySelector("pre")?.className).toBe("");
    fireEvent.click(wrap);
    expect(wrap.getAttribute("aria-pressed")).toBe("true");
    expect(container.querySelector("pre")?.classList.contains("md-code__pre--wrap")).toBe(true);
  });
});
