// The operator's usage figures (worker/db/usage-rollups.ts): every answer adds itself to its day's rollups at its end,
// per model and provider, with its tokens, its error by kind and its time to first token; a save that reached the main
// database once never adds the turn twice; and each answer logs one JSON line with the request's id.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveTurn, TurnSaveError } from "../../../durable-objects/turn/save-turn";
import { createDb } from "../../../worker/db/client";
import { readUsageRollups, type TurnMetrics, type UsageRow } from "../../../worker/db/usage-rollups";
import { quotaDay } from "../../../worker/lib/time";
import { FAKE_MODELS } from "../../support/fake-upstream-scenarios";
import {
  answerInUserHub,
  ask,
  call,
  chatsOf,
  eventually,
  makeChat,
  newChat,
  readSse,
  registerUser,
  seedUser,
} from "../../support/api";

const db = () => createDb(env.DB);

async function figures(model: string, provider: string): Promise<UsageRow | undefined> {
  const day = quotaDay();
  const rows = await readUsageRollups({ db: db(), from: day, to: day });
  return rows.find((r) => r.model === model && r.provider === provider);
}

/** The configuration that sends gpt-4.1-mini to the fake upstream's OpenAI-compatible server, as `model`. */
function routedTo(model: string): Env {
  return {
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: `${env.FAKE_UPSTREAM_URL}/openai-compatible`,
    OPENAI_COMPATIBLE_API_KEY: `k-${crypto.randomUUID()}`,
    MODEL_ROUTES: JSON.stringify({ "gpt-4.1-mini": { provider: "openai-compatible", model } }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("usage rollups", () => {
  it("adds each answer to its day's figures for its model and provider, with the tokens the provider reported", async () => {
    const before = await figures("gpt-4.1-mini", "openai-compatible");
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    for (const question of ["One", "Two"]) {
      await answerInUserHub(u, { endpoint: "gpt-4.1-mini", chatId, question }, routedTo(FAKE_MODELS.ok), env);
    }
    const after = await figures("gpt-4.1-mini", "openai-compatible");
    expect(after!.turns - (before?.turns ?? 0)).toBe(2);
    expect(after!.failed - (before?.failed ?? 0)).toBe(0);
    // the fake's usage chunk: 12 prompt tokens, one completion token per chunk
    expect(after!.tokensIn - (before?.tokensIn ?? 0)).toBe(24);
    expect(after!.tokensOut - (before?.tokensOut ?? 0)).toBeGreaterThan(0);
    expect(after!.ttftP50Ms).toBeGreaterThan(0);
    expect(after!.ttftP95Ms).toBeGreaterThanOrEqual(after!.ttftP50Ms!);
  });

  it("also writes each answer to Workers Analytics Engine when a dataset is bound", async () => {
    const points: AnalyticsEngineDataPoint[] = [];
    const dataset = { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) };
    const u = await seedUser();
    const modelEnv = { ...routedTo(FAKE_MODELS.ok), USAGE_ANALYTICS: dataset } as Env;
    await answerInUserHub(u, { endpoint: "gpt-4.1-mini", chatId: await makeChat(u.id), question: "Hi" }, modelEnv, env);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      indexes: ["gpt-4.1-mini"],
      blobs: ["gpt-4.1-mini", "openai-compatible", "", quotaDay()],
    });
    const [ttft, tokensIn] = points[0]!.doubles!;
    expect(ttft).toBeGreaterThanOrEqual(0);
    expect(tokensIn).toBe(12);
  });

  it("counts a failed answer as failed, by its error code", async () => {
    const before = await figures("gpt-4.1-mini", "openai-compatible");
    const u = await seedUser();
    const { events } = await answerInUserHub(
      u,
      { endpoint: "gpt-4.1-mini", chatId: await makeChat(u.id), question: "Hi" },
      routedTo(FAKE_MODELS.unauthorized),
      env,
    );
    expect(events).toContainEqual(expect.objectContaining({ error: "provider_auth_failed" }));
    const after = await figures("gpt-4.1-mini", "openai-compatible");
    expect(after!.turns - (before?.turns ?? 0)).toBe(1);
    expect(after!.failed - (before?.failed ?? 0)).toBe(1);
    expect((after!.errors.provider_auth_failed ?? 0) - (before?.errors.provider_auth_failed ?? 0)).toBe(1);
  });

  it("counts the offline model's answers and searches under the offline provider", async () => {
    const before = await figures("gpt-4.1-mini", "offline");
    const u = await registerUser();
    const chat = await newChat(u);
    await readSse(await ask(u, { question: "Xin chào", chat_id: chat.id }));
    await readSse(await ask(u, { question: "Tin tức hôm nay", chat_id: chat.id }, "search"));
    const after = await figures("gpt-4.1-mini", "offline");
    // a web search answers with the default model, and counts as one of its searches
    expect(after!.turns - (before?.turns ?? 0)).toBe(2);
    expect(after!.searches - (before?.searches ?? 0)).toBe(1);
    expect(after!.tokensOut).toBeGreaterThan(before?.tokensOut ?? 0);
  });

  it("logs one JSON line per answer with the id of the request that asked", async () => {
    const log = vi.spyOn(console, "log");
    const u = await registerUser();
    const chat = await newChat(u);
    const requestId = `turn-log-${crypto.randomUUID()}`;
    const res = await call("POST", "/api/chat/gpt-4.1-mini", {
      token: u.token,
      body: { question: "Hello", chat_id: chat.id },
      headers: { "X-Request-Id": requestId },
    });
    await readSse(res);
    const line = await eventually(async () =>
      log.mock.calls
        .map(([first]) => (typeof first === "string" && first.startsWith("{") ? JSON.parse(first) : null))
        .find((entry) => entry?.event === "turn" && entry.request_id === requestId),
    );
    expect(line).toMatchObject({ model: "gpt-4.1-mini", provider: "offline", status: "ok", error: null });
    expect(line.user).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(line)).not.toContain(u.id);
    expect(line.ttft_ms).toBeGreaterThanOrEqual(0);
  });

  it("adds a turn once when its messages failed to save but its figures did, and the save is tried again", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const metrics: TurnMetrics = {
      day: quotaDay(),
      model: "o4-mini",
      provider: `retry-${crypto.randomUUID()}`,
      error: null,
      ttftMs: 420,
      inputTokens: 5,
      outputTokens: 7,
      search: false,
      image: false,
    };
    const d1 = await chatsOf(u.id);
    const chats = createDb(d1);
    const brokenChats = createDb(
      Object.assign(Object.create(d1), { batch: () => Promise.reject(new Error("D1 is away")) }) as D1Database,
    );
    const messages = [{ messageId: crypto.randomUUID(), sender: "user" as const, message: "Hi" }];
    const failure = await saveTurn(
      { main: db(), chats: brokenChats },
      { userId: u.id, chatId, messages, usage: null, metrics },
    ).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TurnSaveError);
    expect((failure as TurnSaveError).metricsSaved).toBe(true);
    // the retry, as the generation makes it once the figures are in: without them
    await saveTurn({ main: db(), chats }, { userId: u.id, chatId, messages, usage: null });
    const row = await figures("o4-mini", metrics.provider);
    expect(row).toMatchObject({ turns: 1, tokensIn: 5, tokensOut: 7, ttftP50Ms: 450, ttftP95Ms: 450 });
  });
});
