// The client's quota state follows the server's quota day (Asia/Ho_Chi_Minh), not the browser's midnight, and
// survives a reload for the rest of that day: the usage warning, the disabled models and the used-up web searches.
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { quotaDay } from "../../worker/protocol/rules";

/** A fresh copy of the atoms module, as a reload reads it from localStorage. */
const reload = async () => {
  vi.resetModules();
  return {
    models: await import("../../web/src/features/models/models.atoms"),
    chat: await import("../../web/src/features/chat/chat.atoms"),
  };
};

describe("the quota day", () => {
  it("turns at midnight in Ho Chi Minh City (UTC+7), whatever the browser's zone", () => {
    expect(quotaDay(Date.parse("2025-06-15T16:59:59Z"))).toBe("2025-06-15");
    expect(quotaDay(Date.parse("2025-06-15T17:00:00Z"))).toBe("2025-06-16");
    expect(quotaDay(Date.parse("2025-12-31T23:30:00Z"))).toBe("2026-01-01");
  });
});

describe("quota state across a reload", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("keeps today's usage warning, disabled model and used-up searches after a reload", async () => {
    const before = await reload();
    const store = createStore();
    const day = quotaDay();
    store.set(before.models.usageWarningAtom, { level: "critical", remaining: 2, model: "GPT 4.1-mini", day });
    store.set(before.models.disabledModelsAtom, "o4-mini");
    store.set(before.chat.searchExhaustedAtom, day);

    const after = await reload();
    const fresh = createStore();
    expect(fresh.get(after.models.usageWarningAtom)).toEqual({
      level: "critical",
      remaining: 2,
      model: "GPT 4.1-mini",
      day,
    });
    expect(fresh.get(after.models.disabledModelsAtom)).toEqual(["o4-mini"]);
    expect(fresh.get(after.chat.searchExhaustedAtom)).toBe(day);
  });

  it("drops them once the quota day has turned", async () => {
    const before = await reload();
    const store = createStore();
    store.set(before.models.usageWarningAtom, {
      level: "critical",
      remaining: 2,
      model: "GPT 4.1-mini",
      day: "2020-01-01",
    });
    const after = await reload();
    expect(createStore().get(after.models.usageWarningAtom)).toBeNull();
  });

  it("ignores a hand-edited item instead of breaking", async () => {
    localStorage.setItem("usage_warning", '{"level":"panic"}');
    localStorage.setItem("search_exhausted", "tomorrow");
    const after = await reload();
    const store = createStore();
    expect(store.get(after.models.usageWarningAtom)).toBeNull();
    expect(store.get(after.chat.searchExhaustedAtom)).toBeNull();
  });

  it("updates a warning with a function of the current one", async () => {
    const { models } = await reload();
    const store = createStore();
    store.set(models.usageWarningAtom, { level: "warning", remaining: 5, model: "GPT 4.1-mini", day: quotaDay() });
    store.set(models.usageWarningAtom, (w) => (w ? { ...w, remaining: 4 } : w));
    expect(store.get(models.usageWarningAtom)?.remaining).toBe(4);
    expect(JSON.parse(localStorage.getItem("usage_warning")!).remaining).toBe(4);
  });
});
