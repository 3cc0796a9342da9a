// The language rule: the stored choice, else the browser's language if it is vi, en, ru or zh, else English.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgotPassword, requestEmailChange, verifyEmailCode } from "../../web/src/features/settings/settings.api";
import { chooseLanguage, initI18n, setLanguage } from "../../web/src/lib/i18n";
import en from "../../locales/en.json";

describe("chooseLanguage", () => {
  it("prefers the stored choice over the browser", () => {
    expect(chooseLanguage("ru", ["vi-VN", "en"])).toBe("ru");
  });

  it("uses the first supported browser language by its primary subtag", () => {
    expect(chooseLanguage(null, ["fr-FR", "zh-TW", "vi"])).toBe("zh");
    expect(chooseLanguage(null, ["vi-VN"])).toBe("vi");
    expect(chooseLanguage(null, ["RU_ru"])).toBe("ru");
  });

  it("ignores a stored value that is not one of ours", () => {
    expect(chooseLanguage("de", ["vi"])).toBe("vi");
  });

  it("falls back to English", () => {
    expect(chooseLanguage(undefined, ["fr", "de-DE"])).toBe("en");
    expect(chooseLanguage(null, [])).toBe("en");
  });
});

describe("i18n", () => {
  beforeEach(() => localStorage.clear());

  it("stores a manual choice, loads its texts and sets <html lang>", async () => {
    const i18n = await initI18n();
    await setLanguage("vi");
    expect(localStorage.getItem("language")).toBe("vi");
    expect(document.documentElement.lang).toBe("vi");
    expect(i18n.t("chat.stopped")).toBe("Đã dừng tạo câu trả lời");
    expect(i18n.t("common.unavailable")).toBe("Tính năng chưa khả dụng");
    await setLanguage("en");
    expect(document.documentElement.lang).toBe("en");
    expect(i18n.t("chat.stopped")).toBe(en.chat.stopped);
  });
});

describe("the calls that mail the user", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("say which language the app shows (Accept-Language), so the worker writes the mail in it", async () => {
    await initI18n();
    for (const lng of ["ru", "zh"] as const) {
      await setLanguage(lng);
      const fetchMock = vi.fn(async () => new Response("{}", { status: 500 }));
      vi.stubGlobal("fetch", fetchMock);
      await Promise.allSettled([
        forgotPassword("a@example.com"),
        requestEmailChange("b@example.com"),
        verifyEmailCode("123456"),
      ]);
      expect(
        fetchMock.mock.calls.map(
          (call) =>
            ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)["Accept-Language"],
        ),
      ).toEqual([lng, lng, lng]);
    }
  });
});
