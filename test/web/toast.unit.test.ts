// @vitest-environment node
// The toast store: 5 s by default, custom or no auto-close, replace by key, a cap on how many show at once.
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  TOAST_DEFAULT_MS,
  TOAST_MAX_VISIBLE,
  dismissToast,
  showToast,
  toastsAtom,
} from "../../web/src/features/toast/toast.atoms";

describe("toast store", () => {
  let store: ReturnType<typeof createStore>;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createStore();
  });
  afterEach(() => vi.useRealTimers());

  it("shows a toast and closes it after 5 seconds", () => {
    showToast(store, { type: "info", message: "hello" });
    expect(store.get(toastsAtom)).toMatchObject([
      { type: "info", message: "hello", duration: TOAST_DEFAULT_MS, closable: true },
    ]);
    vi.advanceTimersByTime(TOAST_DEFAULT_MS - 1);
    expect(store.get(toastsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(toastsAtom)).toHaveLength(0);
  });

  it("honours a custom duration, and 0 keeps the toast until closed", () => {
    showToast(store, { type: "success", message: "short", duration: 1000 });
    const sticky = showToast(store, { type: "error", message: "sticky", duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(store.get(toastsAtom).map((t) => t.message)).toEqual(["sticky"]);
    dismissToast(store, sticky);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it("keeps the action and the close option", () => {
    const onClick = vi.fn();
    showToast(store, { type: "warning", message: "m", action: { label: "Undo", onClick }, closable: false });
    const [toast] = store.get(toastsAtom);
    expect(toast?.closable).toBe(false);
    toast?.action?.onClick();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("replaces a toast with the same key instead of stacking", () => {
    showToast(store, { type: "info", message: "first", key: "k" });
    showToast(store, { type: "info", message: "other" });
    showToast(store, { type: "warning", message: "second", key: "k" });
    expect(store.get(toastsAtom).map((t) => t.message)).toEqual(["other", "second"]);
  });

  it("drops the oldest when more than the maximum are shown", () => {
    for (let i = 0; i < TOAST_MAX_VISIBLE + 2; i++) showToast(store, { type: "info", message: `t${i}` });
    const messages = store.get(toastsAtom).map((t) => t.message);
    expect(messages).toHaveLength(TOAST_MAX_VISIBLE);
    expect(messages.at(-1)).toBe(`t${TOAST_MAX_VISIBLE + 1}`);
  });

  it("dismissing early cancels the timer without touching other toasts", () => {
    const a = showToast(store, { type: "info", message: "a" });
    showToast(store, { type: "info", message: "b", duration: 10_000 });
    dismissToast(store, a);
    vi.advanceTimersByTime(TOAST_DEFAULT_MS);
    expect(store.get(toastsAtom).map((t) => t.message)).toEqual(["b"]);
  });
});
