// Unexpected failures reach Sentry when SENTRY_DSN is set (worker/http/error-report.ts): a route that throws answers
// the generic 500 and a fake Sentry ingest (this isolate's fetch, answering the DSN's host) receives one event with
// the error, the request id, the route and the user as a hash, and nothing of the query string, headers or cookies;
// without a DSN nothing is sent, and an expected error (an AppError such as a 404) is never reported. A turn that fails
// unexpectedly in the user's Durable Object is reported the same way, tagged with the request that asked for it; a
// provider's own refusal is the turn's outcome, not a bug, and is not.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../worker/db/users";
import { AppError, handleError } from "../../../worker/errors";
import type { AppEnv } from "../../../worker/http/app-env";
import { requestLog, userHash } from "../../../worker/http/request-log";
import worker from "../../../worker/index";
import { type GenerationInput, GenerationRunner } from "../../../durable-objects/turn/generation";
import type { UserHub } from "../../../durable-objects/user-hub";
import { createDb } from "../../../worker/db/client";
import { ORIGIN, readSse } from "../../support/api";
import { turnInputFor } from "../../support/turn-input";
import { FAKE_MODELS } from "../../support/fake-upstream-scenarios";

const INGEST_HOST = "sentry-ingest.test";
const DSN = `https://publickey@${INGEST_HOST}/42`;
const USER_ID = "user-error-report";

interface Envelope {
  url: string;
  items: Record<string, unknown>[];
}

/** Replaces fetch for the DSN's host with a fake ingest that records each envelope (other hosts pass through). */
function fakeIngest(): Envelope[] {
  const received: Envelope[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== INGEST_HOST) return realFetch(input, init);
    const lines = (await request.text()).split("\n").filter((line) => line.trim() !== "");
    received.push({ url: request.url, items: lines.map((line) => JSON.parse(line) as Record<string, unknown>) });
    return new Response(JSON.stringify({ id: "fake" }), { status: 200 });
  });
  return received;
}

/** A route that fails unexpectedly, one that refuses as designed, behind the app's request log and error handler. */
function failingApp() {
  return new Hono<AppEnv>()
    .use(requestLog)
    .use(async (c, next) => {
      c.set("user", { id: USER_ID } as SessionUser);
      await next();
    })
    .get("/api/things/:id", () => {
      throw new Error("database exploded");
    })
    .get("/api/missing", () => {
      throw new AppError("not_found", "Not found");
    })
    .onError(handleError);
}

async function request(path: string, bindings: Env, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await failingApp().request(ORIGIN + path, { headers }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("error reports", () => {
  it("sends an unexpected failure to Sentry with its request id, after answering the generic 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const received = fakeIngest();
    const res = await request(
      "/api/things/abc?token=secret-value",
      { ...env, SENTRY_DSN: DSN },
      {
        Authorization: "Bearer secret-bearer",
        Cookie: "session=secret-cookie",
      },
    );
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; request_id: string };
    expect(body.code).toBe("internal_error");
    const requestId = res.headers.get("X-Request-Id");
    expect(body.request_id).toBe(requestId);

    expect(received).toHaveLength(1);
    const [envelope] = received as [Envelope];
    expect(envelope.url).toContain(`//${INGEST_HOST}/api/42/envelope/`);
    const event = envelope.items.find((item) => "exception" in item) as {
      exception: { values: [{ value: string }] };
      tags: Record<string, string>;
      user: { id: string };
      extra: { url: string };
    };
    expect(event.exception.values[0].value).toBe("database exploded");
    expect(event.tags).toMatchObject({ request_id: requestId, method: "GET", route: "/api/things/:id" });
    expect(event.extra.url).toBe(`${ORIGIN}/api/things/abc`);
    expect(event.user.id).toBe(await userHash(USER_ID));
    const sent = JSON.stringify(envelope.items);
    for (const secret of ["secret-value", "secret-bearer", "secret-cookie", USER_ID])
      expect(sent).not.toContain(secret);
  });

  it("sends nothing without SENTRY_DSN", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const received = fakeIngest();
    for (const dsn of [undefined, " "]) {
      const res = await request("/api/things/abc", { ...env, SENTRY_DSN: dsn });
      expect(res.status).toBe(500);
    }
    expect(received).toHaveLength(0);
  });

  it("never reports an expected error such as a 404", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const received = fakeIngest();
    expect((await request("/api/missing", { ...env, SENTRY_DSN: DSN })).status).toBe(404);
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}/api/no-such-thing`), { ...env, SENTRY_DSN: DSN }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
    expect(received).toHaveLength(0);
  });
});

/** Runs one turn to its end with `bindings` and waits until no report is still being sent. */
async function runTurn(hub: DurableObjectStub<UserHub>, input: GenerationInput, bindings: Env) {
  return runInDurableObject(hub, async (hubInstance: UserHub, state) => {
    const pending: Promise<unknown>[] = [];
    const tracked = new Proxy(state, {
      get: (target, key) =>
        key === "waitUntil"
          ? (p: Promise<unknown>) => {
              pending.push(p);
              target.waitUntil(p);
            }
          : Reflect.get(target, key),
    });
    const events = await readSse(
      new Response(new GenerationRunner(tracked, bindings, createDb(env.DB), hubInstance.state).start(input)),
    );
    // a report may start a send that itself waits; settle until nothing new was added
    for (let seen = -1; seen !== pending.length; ) {
      seen = pending.length;
      await Promise.allSettled(pending);
    }
    return events;
  });
}

describe("error reports from a turn", () => {
  it("sends a turn that failed unexpectedly, tagged with the request that asked for it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { u, hub, input } = await turnInputFor({ requestId: "req-turn-broken" });
    const received = fakeIngest();
    const events = await runTurn(hub, input, { ...env, SENTRY_DSN: DSN, MODEL_ROUTES: "{not json" });
    expect(events.find((e) => e.error)?.error).toBe("provider_error");

    expect(received).toHaveLength(1);
    const event = (received[0] as Envelope).items.find((item) => "exception" in item) as {
      tags: Record<string, string>;
      user: { id: string };
      extra: { message_id: string };
    };
    expect(event.tags).toMatchObject({
      request_id: "req-turn-broken",
      route: "turn",
      stage: "generation",
      model: "gpt-4.1-mini",
    });
    expect(event.extra.message_id).toBe(input.botMessageId);
    expect(event.user.id).toBe(await userHash(u.id));
    expect(JSON.stringify((received[0] as Envelope).items)).not.toContain("hello");
  });

  it("does not send a provider's refusal, which the turn reports to the user", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { hub, input } = await turnInputFor({ requestId: "req-turn-limited" });
    const received = fakeIngest();
    const limited = {
      ...env,
      SENTRY_DSN: DSN,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `${env.FAKE_UPSTREAM_URL}/openai`,
      MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "openai", model: FAKE_MODELS.rateLimited } }),
    };
    const events = await runTurn(hub, input, limited);
    expect(events.find((e) => e.error)?.error).toBe("provider_rate_limited");
    expect(received).toHaveLength(0);
  });
});
