// Logout clearing: everything in storage goes except the theme and language choices.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearCredentials, clearStorageExceptPreferences } from "../../web/src/lib/storage";
import { finishForcedLogout } from "../../web/src/features/socket/forced-logout.atoms";

function fill() {
  localStorage.setItem("theme", "dark");
  localStorage.setItem("theme_follow_system", "false");
  localStorage.setItem("language", "ru");
  localStorage.setItem("user", JSON.stringify({ id: "u1", name: "A", email: "a@example.com" }));
  localStorage.setItem("user_id", "u1");
  localStorage.setItem("session_token", "ab".repeat(32));
  localStorage.setItem("current_chat_id", "chat-1");
  localStorage.setItem("disabled_models", JSON.stringify({ day: "2025-06-15", endpoints: ["o4-mini"] }));
  localStorage.setItem("selected_model", "deepseek-chat");
  localStorage.setItem("something_else", "x");
  sessionStorage.setItem("draft", "hello");
}

describe("clearStorageExceptPreferences", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("keeps only theme and language", () => {
    fill();
    clearStorageExceptPreferences();
    const kept = Object.fromEntries(
      Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)!).map((k) => [
        k,
        localStorage.getItem(k),
      ]),
    );
    expect(kept).toEqual({ theme: "dark", theme_follow_system: "false", language: "ru" });
    expect(sessionStorage.length).toBe(0);
  });

  it("is what the forced logout does before returning to '/'", () => {
    fill();
    const go = vi.fn();
    finishForcedLogout(go);
    expect(go).toHaveBeenCalledWith("/");
    expect(localStorage.getItem("session_token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("language")).toBe("ru");
    expect(localStorage.getItem("theme")).toBe("dark");
  });
});

describe("clearCredentials", () => {
  it("removes the stored sign-in and the open chat, and leaves preferences and model choices", () => {
    localStorage.clear();
    fill();
    clearCredentials();
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("user_id")).toBeNull();
    expect(localStorage.getItem("session_token")).toBeNull();
    expect(localStorage.getItem("current_chat_id")).toBeNull();
    expect(localStorage.getItem("language")).toBe("ru");
    expect(localStorage.getItem("selected_model")).toBe("deepseek-chat");
  });
});
