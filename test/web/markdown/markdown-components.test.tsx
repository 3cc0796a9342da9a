// What an answer's markdown becomes in the page: safe links and images, raw HTML as text, tables, code, GFM extras.
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadRichParts, StreamingMarkdown } from "../../../web/src/features/chat/markdown";
import { renderWithI18n } from "./render-helpers";

// Code blocks and formulas load with the first answer needing them in the app; here they are there from the start.
beforeAll(() => loadRichParts());

function renderMarkdown(text: string) {
  return renderWithI18n(<StreamingMarkdown text={text} />).container;
}

describe("markdown links", () => {
  it("opens web and mail links in a new tab without a handle on the app", () => {
    const container = renderMarkdown(
      "[Docs](https://example.com/docs) and [mail](mailto:a@example.com) and www.example.org",
    );
    const links = [...container.querySelectorAll("a")];
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://example.com/docs",
      "mailto:a@example.com",
      "http://www.example.org",
    ]);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    }
  });

  it("renders links with other URLs as plain text", () => {
    const container = renderMarkdown(
      "[one](javascript:alert(1)) [two](JavaScript:alert(2)) [three](data:text/html,<b>x</b>) " +
        "[four](vbscript:msgbox) [five](/settings) [six](<java\tscript:alert(3)>)",
    );
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toContain("one two three four five six");
  });
});

describe("markdown images", () => {
  it("lazy-loads images such as generated ones, from our origin or the web", () => {
    const container = renderMarkdown(
      "![Generated image](/media-api/images/abc.png)\n\n![chart](https://example.com/c.png)",
    );
    const images = [...container.querySelectorAll("img")];
    expect(images.map((image) => [image.getAttribute("src"), image.getAttribute("alt")])).toEqual([
      ["/media-api/images/abc.png", "Generated image"],
      ["https://example.com/c.png", "chart"],
    ]);
    for (const image of images) expect(image.getAttribute("loading")).toBe("lazy");
  });

  it("shows the alt text instead of an image with an unsafe source", () => {
    const container = renderMarkdown("![an image](javascript:alert(1))");
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("an image");
  });
});

describe("markdown raw HTML", () => {
  it("shows raw HTML as text instead of rendering it", () => {
    const container = renderMarkdown('<script>alert(1)</script>\n\nHi <img src="x" onerror="alert(2)"> there');
    expect(container.querySelector("script, img")).toBeNull();
    expect(container.textContent).toContain("<script>alert(1)</script>");
    expect(container.textContent).toContain('<img src="x" onerror="alert(2)">');
  });
});

describe("markdown tables and code", () => {
  it("loads the completion of an unfinished table with the first answer that needs it, then shows the table", async () => {
    // nothing has loaded open-table.ts in this file: the stopped answer shows its line as it is for a moment
    const view = renderWithI18n(<StreamingMarkdown text={"Giá:\n\n| Mục | Giá |"} stopped />);
    await vi.waitFor(() => expect(view.container.querySelectorAll("table th")).toHaveLength(2));
    expect(view.container.textContent).not.toContain("|");
  });

  it("wraps tables in a horizontally scrollable, focusable container", () => {
    const container = renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |");
    const table = container.querySelector("table");
    expect(table?.parentElement?.classList.contains("md-table")).toBe(true);
    expect(table?.parentElement?.getAttribute("tabindex")).toBe("0");
    expect([...container.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["1", "2"]);
  });

  it("labels fenced code with its language and keeps inline code inline", () => {
    const container = renderMarkdown("Use `npm test`:\n\n```bash\nnpm test\n```");
    expect(container.querySelector(".md-code__lang")?.textContent).toBe("bash");
    expect(container.querySelector("pre code")?.className).toBe("language-bash");
    expect(container.querySelector("pre code")?.textContent).toBe("npm test\n");
    const inline = container.querySelector("p code");
    expect(inline?.textContent).toBe("npm test");
    expect(inline?.className).toBe("md-inline-code");
  });
});

describe("code block copy button", () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset();
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, "clipboard");
  });

  /** The code block's copy button, whatever it says now. */
  const copyButton = () => screen.getByRole("button", { name: /^(Copy|Copied)$/ });

  it("copies the code without its final line break and says so for two seconds", async () => {
    writeText.mockResolvedValue(undefined);
    renderWithI18n(<StreamingMarkdown text={"```py\nprint('xin chào')\nprint(2)\n```"} />);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(writeText).toHaveBeenCalledWith("print('xin chào')\nprint(2)");
    expect(copyButton().textContent).toBe("Copied");

    act(() => vi.advanceTimersByTime(1999));
    expect(copyButton().textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(copyButton().textContent).toBe("Copy");
  });

  it("keeps the copy label when the clipboard refuses", async () => {
    writeText.mockRejectedValue(new Error("denied"));
    renderWithI18n(<StreamingMarkdown text={"```\nsecret\n```"} />);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(writeText).toHaveBeenCalledWith("secret");
    expect(copyButton().textContent).toBe("Copy");
  });

  it("keeps the copied state while the answer streams on", async () => {
    writeText.mockResolvedValue(undefined);
    const view = renderWithI18n(<StreamingMarkdown text={"```js\nlet a = 1;\n"} streaming />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    view.rerender(<StreamingMarkdown text={"```js\nlet a = 1;\nlet b = 2;\n"} streaming />);
    expect(copyButton().textContent).toBe("Copied");
    expect(view.container.querySelector("pre code")?.textContent).toBe("let a = 1;\nlet b = 2;\n");
  });
});

describe("markdown text and GFM extras", () => {
  it("decodes character references once, and shows escaped markdown characters literally", () => {
    const container = renderMarkdown("Tom &amp; Jerry &copy; 2024 &#36;5 \\*not emphasis\\* and `a &amp; b` in code");
    expect(container.textContent).toBe("Tom & Jerry © 2024 $5 *not emphasis* and a &amp; b in code");
    expect(container.querySelector("em")).toBeNull();
  });

  it("renders task lists, strikethrough and ordered lists that start elsewhere", () => {
    const container = renderMarkdown("- [x] done\n- [ ] open\n\n~~old~~ new\n\n3. three\n4. four");
    const boxes = [...container.querySelectorAll("input[type=checkbox]")] as HTMLInputElement[];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(container.querySelector("del")?.textContent).toBe("old");
    expect(container.querySelector("ol")?.getAttribute("start")).toBe("3");
  });

  it("aligns table columns as the delimiter row says", () => {
    const container = renderMarkdown("| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |");
    expect([...container.querySelectorAll("td")].map((cell) => (cell as HTMLElement).style.textAlign)).toEqual([
      "left",
      "center",
      "right",
    ]);
  });
});
