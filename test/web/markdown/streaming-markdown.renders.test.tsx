// Counts block renders by source: a completed block must never be parsed or rendered again.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { StreamingMarkdown } from "../../../web/src/features/chat/markdown";
import { renderWithI18n } from "./render-helpers";

const rendered = vi.hoisted(() => ({ sources: [] as string[] }));

vi.mock("../../../web/src/features/chat/markdown/render-tokens", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../web/src/features/chat/markdown/render-tokens")>();
  return {
    ...original,
    renderBlock: (block: Parameters<typeof original.renderBlock>[0]) => {
      rendered.sources.push(block.raw);
      return original.renderBlock(block);
    },
  };
});

const renderedSources = () => rendered.sources;
const clearRenders = () => {
  rendered.sources = [];
};

beforeEach(clearRenders);

describe("StreamingMarkdown renders", () => {
  it("renders only the open last block when text is appended to it", () => {
    const view = renderWithI18n(<StreamingMarkdown text={"First.\n\nSecond.\n\nThi"} streaming />);
    expect(renderedSources()).toEqual(["First.\n", "Second.\n", "Thi"]);

    clearRenders();
    view.rerender(<StreamingMarkdown text={"First.\n\nSecond.\n\nThird, growing"} streaming />);
    expect(renderedSources()).toEqual(["Third, growing"]);
  });

  it("renders a block once more when it completes, and never again after", () => {
    const view = renderWithI18n(<StreamingMarkdown text={"| a |\n|---|\n| 1 |"} streaming />);
    view.rerender(<StreamingMarkdown text={"| a |\n|---|\n| 1 |\n\nAfter"} streaming />);
    view.rerender(<StreamingMarkdown text={"| a |\n|---|\n| 1 |\n\nAfter the table."} streaming />);
    view.rerender(<StreamingMarkdown text={"| a |\n|---|\n| 1 |\n\nAfter the table."} streaming={false} />);
    expect(renderedSources()).toEqual(["| a |\n|---|\n| 1 |", "| a |\n|---|\n| 1 |\n", "After", "After the table."]);
  });

  it("streams a long answer rendering at most two blocks per update, and none once it has ended", () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) =>
      i % 5 === 4 ? `- point ${i}\n- another point` : `Paragraph ${i} says something about item ${i}.`,
    );
    const answer = paragraphs.join("\n\n");
    const view = renderWithI18n(<StreamingMarkdown text="" streaming />);
    let updates = 0;
    for (let end = 3; end < answer.length + 3; end += 3) {
      clearRenders();
      view.rerender(<StreamingMarkdown text={answer.slice(0, end)} streaming />);
      expect(renderedSources().length).toBeLessThanOrEqual(2);
      updates++;
    }
    expect(updates).toBeGreaterThan(100);

    clearRenders();
    view.rerender(<StreamingMarkdown text={answer} streaming={false} />);
    expect(renderedSources()).toEqual([]);
    expect(view.container.querySelectorAll("p, ul")).toHaveLength(40);
  });
});
