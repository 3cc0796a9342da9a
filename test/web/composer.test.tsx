// The input box: Enter sends, Shift+Enter does not, whitespace is never sent, an IME composition is left alone,
// and while an answer runs the send button is the stop button.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Composer } from "../../web/src/features/chat/composer";
import { draftAtom, streamingAtom } from "../../web/src/features/chat/chat.atoms";
import { initI18n } from "../../web/src/lib/i18n";

describe("Composer", () => {
  let store: ReturnType<typeof createStore>;
  const onSend = vi.fn();
  const onStop = vi.fn();

  beforeEach(async () => {
    await initI18n();
    store = createStore();
    onSend.mockReset();
    onStop.mockReset();
    render(
      <Provider store={store}>
        <Composer onSend={onSend} onStop={onStop} autoFocus={false} />
      </Provider>,
    );
  });
  afterEach(cleanup);

  const input = () => screen.getByTestId("chat-input") as HTMLTextAreaElement;
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

  it("sends the text on Enter", () => {
    type("Xin chào");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("Xin chào");
  });

  it("does not send on Shift+Enter (a new line)", () => {
    type("line one");
    fireEvent.keyDown(input(), { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("does not send while an input method is composing", () => {
    type("nǐ");
    fireEvent.keyDown(input(), { key: "Enter", isComposing: true });
    fireEvent.keyDown(input(), { key: "Enter", keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("ignores empty and whitespace-only text and disables the send button", () => {
    type("   \n  ");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByTestId("send-button") as HTMLButtonElement).disabled).toBe(true);
  });

  it("blocks sending while an answer is loading and shows stop once the answer has an id", () => {
    type("second question");
    act(() => store.set(streamingAtom, { chatId: "c1", botMessageId: null, phase: "creating", stopping: false }));
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByTestId("stop-button")).toBeNull();

    act(() => store.set(streamingAtom, { chatId: "c1", botMessageId: "b1", phase: "streaming", stopping: false }));
    fireEvent.click(screen.getByTestId("stop-button"));
    expect(onStop).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("send-button")).toBeNull();
  });

  it("keeps its text in the draft atom", () => {
    type("kept");
    expect(store.get(draftAtom)).toBe("kept");
  });
});
