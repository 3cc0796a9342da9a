// The header's fullscreen toggle: hidden without the Fullscreen API (iPhone Safari), enters and leaves fullscreen
// on the whole page, and its label follows the real state (Escape or the browser's own exit included). The header
// and notice texts exist in all four languages.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../locales/en.json";
import ru from "../../locales/ru.json";
import vi_ from "../../locales/vi.json";
import zh from "../../locales/zh.json";
import { FullscreenButton } from "../../web/src/features/layout/fullscreen-button";
import { initI18n } from "../../web/src/lib/i18n";

let fullscreenElement: Element | null = null;
const requestFullscreen = vi.fn(async () => {
  fullscreenElement = document.documentElement;
  document.dispatchEvent(new Event("fullscreenchange"));
});
const exitFullscreen = vi.fn(async () => {
  fullscreenElement = null;
  document.dispatchEvent(new Event("fullscreenchange"));
});

function installFullscreenApi() {
  Object.defineProperty(document, "fullscreenEnabled", { configurable: true, get: () => true });
  Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => fullscreenElement });
  Object.defineProperty(document, "exitFullscreen", { configurable: true, value: exitFullscreen });
  Object.defineProperty(document.documentElement, "requestFullscreen", {
    configurable: true,
    value: requestFullscreen,
  });
}
function removeFullscreenApi() {
  for (const key of ["fullscreenEnabled", "fullscreenElement", "exitFullscreen"]) Reflect.deleteProperty(document, key);
  Reflect.deleteProperty(document.documentElement, "requestFullscreen");
}

beforeEach(async () => {
  await initI18n();
  fullscreenElement = null;
  requestFullscreen.mockClear();
  exitFullscreen.mockClear();
});
afterEach(() => {
  cleanup();
  removeFullscreenApi();
});

describe("FullscreenButton", () => {
  it("is not shown where the browser has no Fullscreen API", () => {
    removeFullscreenApi();
    render(<FullscreenButton />);
    expect(screen.queryByTestId("fullscreen-toggle")).toBeNull();
  });

  it("enters fullscreen, then offers to exit it", async () => {
    installFullscreenApi();
    render(<FullscreenButton />);
    const button = screen.getByTestId("fullscreen-toggle");
    expect(button.getAttribute("aria-label")).toBe(en.header.fullscreen);
    expect(button.getAttribute("data-tooltip")).toBe(en.header.fullscreen);
    expect(button.getAttribute("aria-pressed")).toBe("false");
    await act(async () => fireEvent.click(button));
    expect(requestFullscreen).toHaveBeenCalledOnce();
    expect(button.getAttribute("aria-label")).toBe(en.header.fullscreenExit);
    expect(button.getAttribute("aria-pressed")).toBe("true");
    await act(async () => fireEvent.click(button));
    expect(exitFullscreen).toHaveBeenCalledOnce();
    expect(button.getAttribute("aria-label")).toBe(en.header.fullscreen);
  });

  it("follows a fullscreen exit the browser made itself (Escape)", async () => {
    installFullscreenApi();
    render(<FullscreenButton />);
    const button = screen.getByTestId("fullscreen-toggle");
    await act(async () => fireEvent.click(button));
    expect(button.getAttribute("aria-pressed")).toBe("true");
    act(() => {
      fullscreenElement = null;
      document.dispatchEvent(new Event("fullscreenchange"));
    });
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });

  it("keeps its state when the browser refuses (no user gesture)", async () => {
    installFullscreenApi();
    requestFullscreen.mockImplementationOnce(async () => Promise.reject(new TypeError("Permissions check failed")));
    render(<FullscreenButton />);
    const button = screen.getByTestId("fullscreen-toggle");
    await act(async () => fireEvent.click(button));
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });
});

describe("header and notice texts", () => {
  const keys = (o: object) => Object.keys(o).sort();
  it.each([
    ["vi", vi_],
    ["ru", ru],
    ["zh", zh],
  ])("%s has every header and notice text, non-empty", (_lng, texts) => {
    expect(keys(texts.header)).toEqual(keys(en.header));
    expect(keys(texts.notices)).toEqual(keys(en.notices));
    for (const value of [...Object.values(texts.header), ...Object.values(texts.notices)])
      expect(value.trim()).not.toBe("");
  });
});
