// The conversation's components in jsdom: the web search toggle; the edit box (Enter saves, Escape cancels, an
// unchanged or empty text cannot be saved); [n] markers in an answer link to that answer's own sources, and stay
// text without one; the offline-search note; the search-screen's date groups keep the ranking inside each group;
// highlight segments become <mark> text, never HTML.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CitationContext } from "../../web/src/features/chat/citation-context";
import { Citations } from "../../web/src/features/chat/on-demand/citations";
import { searchModeAtom } from "../../web/src/features/chat/chat.atoms";
import { StreamingMarkdown } from "../../web/src/features/chat/markdown/streaming-markdown";
import { MessageEditor } from "../../web/src/features/chat/on-demand/message-editor";
import { SearchToggle } from "../../web/src/features/chat/search-toggle";
import { Highlight } from "../../web/src/features/history/on-demand/highlight";
import { groupByDate } from "../../web/src/features/history/on-demand/group-search-results";
import { initI18n } from "../../web/src/lib/i18n";

beforeEach(async () => {
  await initI18n();
});
afterEach(cleanup);

describe("SearchToggle", () => {
  it("turns search mode on and off, saying so to assistive technology", () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <SearchToggle />
      </Provider>,
    );
    const toggle = screen.getByTestId("search-toggle");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(store.get(searchModeAtom)).toBe(true);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(toggle);
    expect(store.get(searchModeAtom)).toBe(false);
  });
});

describe("MessageEditor", () => {
  const setup = (text = "What is pho?") => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(<MessageEditor text={text} onSave={onSave} onCancel={onCancel} />);
    return { onSave, onCancel, box: screen.getByTestId("message-editor-input") as HTMLTextAreaElement };
  };

  it("starts with the question's text, focused, and saves a new text on Enter", () => {
    const { onSave, box } = setup();
    expect(box.value).toBe("What is pho?");
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: "What is bún chả?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSave).toHaveBeenCalledWith("What is bún chả?");
  });

  it("cancels on Escape and with the Cancel button", () => {
    const { onCancel, box } = setup();
    fireEvent.keyDown(box, { key: "Escape" });
    fireEvent.click(screen.getByTestId("message-editor-cancel"));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it("cannot save an unchanged or empty text, and Shift+Enter is a new line", () => {
    const { onSave, box } = setup();
    expect((screen.getByTestId("message-editor-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.keyDown(box, { key: "Enter" });
    fireEvent.change(box, { target: { value: "other" } });
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe("citation markers", () => {
  const answer = (scope: { messageId: string; count: number } | null, text: string) =>
    render(
      <CitationContext.Provider value={scope}>
        <StreamingMarkdown text={text} />
      </CitationContext.Provider>,
    );

  it("link [n] to the answer's n-th source, and leave numbers past its sources as text", () => {
    answer({ messageId: "b1", count: 2 }, "Rain in Hà Nội today [1], cooler tomorrow [2][3].\n\n- also in a list [2]");
    const refs = screen.getAllByTestId("citation-ref");
    expect(refs.map((r) => [r.textContent, r.getAttribute("href")])).toEqual([
      ["1", "#cite-b1-1"],
      ["2", "#cite-b1-2"],
      ["2", "#cite-b1-2"],
    ]);
    expect(document.body.textContent).toContain("[3]");
  });

  it("stay text in an answer without sources, and inside code", () => {
    answer(null, "An array a[1] and `b[2]`.");
    expect(screen.queryAllByTestId("citation-ref")).toEqual([]);
    expect(document.body.textContent).toContain("a[1]");
  });

  it("point at anchors the citation list gives each source, with the offline-search note when said", () => {
    render(
      <Citations messageId="b1" searchOffline citations={[{ url: "https://offline.may.invalid/1", title: "One" }]} />,
    );
    expect(document.getElementById("cite-b1-1")?.textContent).toContain("One");
    expect(screen.getByTestId("search-offline").textContent).toMatch(/offline/i);
  });
});

describe("search results", () => {
  it("are grouped today / yesterday / 3-7 days ago / 7+ days ago, keeping their ranking inside each group", () => {
    const now = new Date(2025, 5, 15, 12, 0, 0);
    const at = (daysAgo: number) => {
      const d = new Date(now.getTime() - daysAgo * 86_400_000);
      return d.toISOString().slice(0, 19).replace("T", " ");
    };
    const results = [
      { id: "a", at: at(10) },
      { id: "b", at: at(0) },
      { id: "c", at: at(1) },
      { id: "d", at: at(0.01) },
      { id: "e", at: at(4) },
    ];
    expect(groupByDate(results, (r) => r.at, now).map((g) => [g.key, g.items.map((r) => r.id)])).toEqual([
      ["today", ["b", "d"]],
      ["yesterday", ["c"]],
      ["last7", ["e"]],
      ["older", ["a"]],
    ]);
  });

  it("highlight matches as <mark> text, never as HTML", () => {
    const { container } = render(
      <p>
        <Highlight
          segments={[
            { text: "ăn ", match: false },
            { text: "phở", match: true },
            { text: " <b>x</b>", match: false },
          ]}
        />
      </p>,
    );
    expect(container.querySelector("mark")?.textContent).toBe("phở");
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("ăn phở <b>x</b>");
  });
});
