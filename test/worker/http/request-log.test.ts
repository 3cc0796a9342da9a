// Every request is traceable: an X-Request-Id on every answer (a well-formed one the request brings is kept), and one
// JSON log line per request with its id, route as registered, status, time, the user as a hash (never the id) and
// the error code of an error answer.
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, handleError } from "../../../worker/errors";
import type { AppEnv } from "../../../worker/http/app-env";
import { requestLog } from "../../../worker/http/request-log";
import { call, newChat, seedUser } from "../../support/api";

/** The JSON request lines logged while `fn` ran. */
async function logged(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    await fn();
    return log.mock.calls.flatMap(([line]) => {
      if (typeof line !== "string" || !line.startsWith("{")) return [];
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.event === "request" ? [parsed] : [];
    });
  } finally {
    log.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("request ids and request logs", () => {
  it("answers every request with its own id, and logs one line for it", async () => {
    let first: Response | undefined;
    const lines = await logged(async () => {
      first = await call("GET", "/api/health");
    });
    const id = first?.headers.get("X-Request-Id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await call("GET", "/api/health");
    expect(again.headers.get("X-Request-Id")).not.toBe(id);
    expect(lines).toEqual([
      {
        event: "request",
        request_id: id,
        method: "GET",
        route: "/api/health",
        status: 200,
        duration_ms: expect.any(Number),
        user: null,
        error: null,
      },
    ]);
  });

  it("keeps a well-formed id the request brings, and replaces one that is not", async () => {
    const kept = await call("GET", "/api/health", { headers: { "X-Request-Id": "edge-42_abc" } });
    expect(kept.headers.get("X-Request-Id")).toBe("edge-42_abc");
    const odd = await call("GET", "/api/health", { headers: { "X-Request-Id": "two words\u0007" } });
    expect(odd.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const long = await call("GET", "/api/health", { headers: { "X-Request-Id": "a".repeat(65) } });
    expect(long.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs the route as registered, a hash of the user (never the id) and the error code of an error answer", async () => {
    const user = await seedUser();
    const chat = await newChat(user);
    const lines = await logged(async () => {
      await call("GET", `/chat-sessions/${chat.id}/export?format=json`, { token: user.token });
      await call("GET", "/chat-sessions/not-a-chat-of-mine/export", { token: user.token });
      await call("GET", "/api/nope");
    });
    expect(lines.map((l) => [l.route, l.status, l.error])).toEqual([
      ["/chat-sessions/:id/export", 200, null],
      ["/chat-sessions/:id/export", 404, "not_found"],
      // a path no route has: the app-wide middleware's own pattern
      ["/*", 404, "not_found"],
    ]);
    const [own, missing] = lines;
    expect(own?.user).toMatch(/^[0-9a-f]{16}$/);
    expect(missing?.user).toBe(own?.user);
    expect(JSON.stringify(lines)).not.toContain(user.id);
    expect(JSON.stringify(lines)).not.toContain(chat.id);
  });

  it("gives an error answer its id too", async () => {
    const res = await call("POST", "/auth/login", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names the request in the body of an unexpected failure (5xx), not in a refusal the user can act on", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const app = new Hono<AppEnv>()
      .use(requestLog)
      .get("/boom", () => {
        throw new Error("boom");
      })
      .get("/upstream", () => {
        throw new AppError("provider_unavailable", "The model failed");
      })
      .get("/refused", () => {
        throw new AppError("invalid_input", "No");
      })
      .onError(handleError);
    for (const path of ["/boom", "/upstream"]) {
      const res = await app.request(path);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(((await res.json()) as { request_id?: string }).request_id).toBe(res.headers.get("X-Request-Id"));
    }
    const refused = await app.request("/refused");
    expect(refused.status).toBe(400);
    expect(await refused.json()).not.toHaveProperty("request_id");
  });
});
