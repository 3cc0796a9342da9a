// Credentials stay in the worker's HttpOnly cookies: signing in remembers the user only (and drops a token an older
// version kept in localStorage), and logging out ends the session the cookies name, then keeps only theme and language.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { login, logout, register } from "../../web/src/features/auth/every-page/auth.api";

const JWT = "eyJhbGciOiJIUzI1NiJ9.payload.signature";
const SESSION_TOKEN = "ab".repeat(32);
const signedIn = () =>
  Response.json({
    status: "success",
    data: {
      user: { id: "u1", name: "Lan", email: "lan@example.vn" },
      token: JWT,
      jwt_token: JWT,
      session_token: SESSION_TOKEN,
    },
  });

const storedValues = () => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`);

describe("browser credentials", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the signed-in user but no token after login and register", async () => {
    localStorage.setItem("session_token", "old".repeat(10));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => signedIn()),
    );
    const result = await login({ email: "lan@example.vn", password: "password123" });
    expect(result.user.id).toBe("u1");
    expect(JSON.stringify(result)).not.toContain(SESSION_TOKEN);
    expect(JSON.parse(localStorage.getItem("user")!)).toMatchObject({ id: "u1" });
    expect(localStorage.getItem("session_token")).toBeNull();
    expect(storedValues().join("\n")).not.toMatch(new RegExp(`${SESSION_TOKEN}|${JWT}`));

    localStorage.clear();
    await register({ name: "Lan", email: "lan@example.vn", password: "password123" });
    expect(localStorage.getItem("user_id")).toBe("u1");
    expect(storedValues().join("\n")).not.toMatch(new RegExp(`${SESSION_TOKEN}|${JWT}`));
  });

  it("logs out by cookie: DELETE /user-sessions/current, same-origin, no token in the request", async () => {
    localStorage.setItem("user", JSON.stringify({ id: "u1", name: "Lan", email: "lan@example.vn" }));
    localStorage.setItem("language", "ru");
    localStorage.setItem("theme", "dark");
    const fetchMock = vi.fn(async () => Response.json({ status: "success", data: { id: "s1", current: true } }));
    vi.stubGlobal("fetch", fetchMock);
    await logout();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/user-sessions/current");
    expect(init.method).toBe("DELETE");
    expect(init.credentials).toBe("same-origin");
    expect(Object.keys(init.headers as Record<string, string>).map((h) => h.toLowerCase())).not.toContain(
      "authorization",
    );
    expect(Object.keys(localStorage).sort()).toEqual(["language", "theme"]);
  });

  it("still clears local state when the server cannot be reached", async () => {
    localStorage.setItem("user", JSON.stringify({ id: "u1", name: "Lan", email: "lan@example.vn" }));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await logout();
    expect(localStorage.getItem("user")).toBeNull();
  });
});
