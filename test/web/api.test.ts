// The API module: envelopes are validated, errors carry the worker's code, and any 401 clears the stored sign-in
// and returns to /login (unless the call says a 401 is an answer, like a wrong password).
import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { ErrorCode } from "../../worker/protocol/errors";
import { ApiError, type ClientErrorCode, api, request, setUnauthorizedHandler } from "../../web/src/lib/api";
import { errorMessage } from "../../web/src/lib/error-message";
import { ERRORS_NS, initI18n } from "../../web/src/lib/i18n";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("api", () => {
  const onUnauthorized = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem("user", JSON.stringify({ id: "u1" }));
    localStorage.setItem("user_id", "u1");
    localStorage.setItem("session_token", "t");
    localStorage.setItem("current_chat_id", "c1");
    localStorage.setItem("language", "vi");
    localStorage.setItem("theme", "dark");
    onUnauthorized.mockReset();
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("returns validated data from the success envelope", async () => {
    const fetchMock = vi.fn(async () => json(200, { status: "success", data: { n: 1, extra: true } }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(api("/x", v.object({ n: v.number() }))).resolves.toEqual({ n: 1 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe("same-origin");
  });

  it("takes the answer the boot script asked for early once, for a GET of the same path, then asks again", async () => {
    const fetchMock = vi.fn(async () => json(200, { status: "success", data: { n: 2 } }));
    vi.stubGlobal("fetch", fetchMock);
    const w = window as { mayEarly?: Record<string, Promise<Response>> };
    w.mayEarly = { "/c/content": Promise.resolve(json(200, { status: "success", data: { n: 1 } })) };
    const schema = v.object({ n: v.number() });
    await expect(api("/c/content", schema, { method: "POST", body: {} })).resolves.toEqual({ n: 2 });
    await expect(api("/c/content", schema)).resolves.toEqual({ n: 1 });
    await expect(api("/c/content", schema)).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    delete w.mayEarly;
  });

  it("sends JSON bodies", async () => {
    const fetchMock = vi.fn(async () => json(201, { status: "success", data: {} }));
    vi.stubGlobal("fetch", fetchMock);
    await api("/x", v.object({}), { method: "POST", body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("rejects a response that does not match the schema", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, { status: "success", data: { n: "one" } })),
    );
    await expect(api("/x", v.object({ n: v.number() }))).rejects.toMatchObject({ code: "invalid_response" });
  });

  it("turns an error body into ApiError with its code and field", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(409, { status: "error", code: "email_taken", message: "taken", field: "email" })),
    );
    const err = await api("/auth/register", v.object({}), { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: "email_taken", field: "email" });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("gives an error's code the worker's closed set of codes, or this side's own, so comparing it to another fails the typecheck", () => {
    expectTypeOf<ApiError["code"]>().toEqualTypeOf<ErrorCode | ClientErrorCode>();
    // @ts-expect-error: not a code the worker or this side can give
    expect(new ApiError(400, "invalid_input", "x").code === "email_takn").toBe(false);
  });

  it("on 401 clears the stored credentials and returns to /login, keeping theme and language", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(401, { status: "error", code: "session_expired", message: "ended" })),
    );
    await expect(api("/chat-sessions", v.array(v.unknown()))).rejects.toMatchObject({
      status: 401,
      code: "session_expired",
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("session_token")).toBeNull();
    expect(localStorage.getItem("current_chat_id")).toBeNull();
    expect(localStorage.getItem("language")).toBe("vi");
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("leaves for /login once even when several calls fail together", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(401, { status: "error", code: "invalid_token", message: "bad" })),
    );
    await Promise.allSettled([request("/a"), request("/b"), request("/c")]);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("does not log out when the caller expects a 401 (wrong password)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(401, { status: "error", code: "invalid_credentials", message: "no" })),
    );
    await expect(request("/auth/login", { method: "POST", body: {}, on401: "throw" })).rejects.toMatchObject({
      code: "invalid_credentials",
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem("user")).not.toBeNull();
  });

  it("reports network failures as network_error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(request("/x")).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("gives non-JSON server failures a code by status", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>bad gateway</html>", { status: 502 })),
    );
    await expect(request("/x")).rejects.toMatchObject({ status: 502, code: "internal_error" });
  });

  it("hands an error on only once the error texts are loaded, so its sentence can be shown at once", async () => {
    const main = await initI18n();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(403, { status: "error", code: "quota_exhausted", message: "x" })),
    );
    const err = await request("/x").catch((e: unknown) => e);
    expect(main.hasLoadedNamespace(ERRORS_NS)).toBe(true);
    expect(errorMessage(main.t, err)).toBe(main.t("quota_exhausted", { ns: ERRORS_NS }));
    expect(errorMessage(main.t, err)).not.toBe(main.t("errors.unknown"));
    // anything that is not an API error gets the generic sentence of the main texts
    expect(errorMessage(main.t, new Error("boom"))).toBe(main.t("errors.unknown"));
  });

  it("names an unexpected failure's request id in its sentence, for the user to quote to support", async () => {
    const main = await initI18n();
    const failing = (status: number, code: string, extra = {}) =>
      vi.fn(async () => json(status, { status: "error", code, message: "x", ...extra }));
    vi.stubGlobal("fetch", failing(500, "internal_error", { request_id: "req-4f2a" }));
    const err = await request("/x").catch((e: unknown) => e);
    const shown = errorMessage(main.t, err);
    expect(shown).toBe(
      `${main.t("internal_error", { ns: ERRORS_NS })}\n${main.t("request_id", { ns: ERRORS_NS, id: "req-4f2a" })}`,
    );
    expect(shown).toContain("req-4f2a");
    // a refusal the user can act on reads as before
    vi.stubGlobal("fetch", failing(403, "quota_exhausted"));
    const refused = await request("/x").catch((e: unknown) => e);
    expect(errorMessage(main.t, refused)).toBe(main.t("quota_exhausted", { ns: ERRORS_NS }));
  });
});
