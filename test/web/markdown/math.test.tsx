// Formulas in answers as a reader sees them: typeset by KaTeX once it has loaded, the source meanwhile and when the TeX
// is not valid, prices left alone, and nothing a formula says able to run or link anywhere.
import { waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { StreamingMarkdown, loadRichParts } from "../../../web/src/features/chat/markdown";
import { renderWithI18n } from "./render-helpers";

// KaTeX and the formula view load with the first formula in the app; here they are there from the start
beforeAll(() => loadRichParts());

const shown = async (text: string, streaming = false) =>
  renderWithI18n(<StreamingMarkdown text={text} streaming={streaming} />);

describe("formulas", () => {
  it("typesets each delimiter models write, display ones as blocks of their own", async () => {
    const { container } = await shown(
      "Inline $x^2$ and \\(y_1\\).\n\n$$\n\\frac{a}{b}\n$$\n\n\\[ \\int_0^1 x\\,dx \\]",
    );
    await waitFor(() => expect(container.querySelectorAll(".katex")).toHaveLength(4));
    expect(container.querySelectorAll("div.md-math .katex-display")).toHaveLength(2);
    expect(container.querySelectorAll("p span.md-math")).toHaveLength(2);
    // the MathML twin carries the TeX, for screen readers and for copying
    expect(container.querySelector("annotation")?.textContent).toBe("x^2");
  });

  it("leaves prices as text", async () => {
    const { container } = await shown("It costs $5 and $10, or $20 with tax.");
    expect(container.querySelector(".katex, .md-math")).toBeNull();
    expect(container.textContent).toBe("It costs $5 and $10, or $20 with tax.");
  });

  it("shows a formula still streaming as text, and typesets it once it closes", async () => {
    const view = await shown("The area is $$\n\\int_0^1 x^2", true);
    expect(view.container.querySelector(".katex")).toBeNull();
    expect(view.container.textContent).toBe("The area is $$\n\\int_0^1 x^2");
    view.rerender(<StreamingMarkdown text={"The area is\n$$\n\\int_0^1 x^2\n$$"} streaming />);
    await waitFor(() => expect(view.container.querySelector(".katex-display")).not.toBeNull());
  });

  it("shows bad LaTeX as its source with the error, and the rest of the message as usual", async () => {
    const { container } = await shown("Before $\\frac{1}{$ middle $\\badcommand{x}$ and **after** $ok$.");
    const errors = container.querySelectorAll(".md-math--error");
    expect([...errors].map((e) => e.textContent)).toEqual(["$\\frac{1}{$", "$\\badcommand{x}$"]);
    expect(errors[0]?.getAttribute("data-error")).toMatch(/KaTeX parse error/);
    expect(errors[0]?.getAttribute("title")).toBe("This formula could not be typeset; its source is shown");
    expect(container.querySelector("strong")?.textContent).toBe("after");
    expect(container.querySelectorAll(".katex")).toHaveLength(1);
  });

  it.each([
    "$\\href{javascript:alert(1)}{click}$",
    "$\\url{javascript:alert(1)}$",
    "$\\includegraphics{https://evil.example/x.png}$",
    "$\\htmlId{x}{y}$",
    '$\\text{<img src=x onerror="alert(1)">}$',
    "$<script>alert(1)</script>$",
  ])("keeps %j inert: no link, image, script or event handler", async (text) => {
    const { container } = await shown(text);
    await waitFor(() => expect(container.querySelector(".md-math")).not.toBeNull());
    expect(container.querySelector("a, img, script, [id='x']")).toBeNull();
    // the TeX may show as text (KaTeX writes a refused command in red), never as an attribute or an element
    const attributes = [...container.querySelectorAll("*")].flatMap((el) => [...el.attributes]);
    expect(attributes.filter((a) => /^on/i.test(a.name) || /javascript:|evil\.example/i.test(a.value))).toEqual([]);
  });
});
