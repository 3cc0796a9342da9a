// The burst limit on chat turns, through the real chat API and the user's object (durable-objects/state/turn-burst.ts):
// the turn past the limit in the window is 429 too_many_turns with Retry-After, another user chats on, turns refused
// for another reason are not counted, and once the window has passed the user chats again. Time is moved with the
// Date the object reads (vitest's fake Date in this isolate, where the object runs), never waited for.
import { afterEach, describe, expect, it, vi } from "vitest";
import { TURN_BURST_LIMIT, TURN_BURST_WINDOW_MS } from "../../../durable-objects/state/turn-burst";
import { ask, expectError, makeChat, readSse, seedUser, type TestUser, withOfflinePace } from "../../support/api";

/** `n` turns in a row in the chat, each answer read to its end (streamed without pauses); their statuses. */
function turns(u: TestUser, chatId: string, n: number): Promise<number[]> {
  return withOfflinePace(0, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await ask(u, { question: `Question ${i}`, chat_id: chatId });
      statuses.push(res.status);
      if (res.status === 200) await readSse(res);
      else await res.text();
    }
    return statuses;
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the burst limit on chat turns", () => {
  it("refuses the turn past the limit in the window with 429 too_many_turns and Retry-After; others chat on", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    expect(await turns(u, chatId, TURN_BURST_LIMIT)).toEqual(Array(TURN_BURST_LIMIT).fill(200));

    const refused = await ask(u, { question: "One more", chat_id: chatId });
    const body = await expectError(refused, 429, "too_many_turns");
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(TURN_BURST_WINDOW_MS / 1000);
    expect(body.retry_after).toBe(retryAfter);
    // a picture is a turn too
    await expectError(await ask(u, { question: "a cat", chat_id: chatId }, "image"), 429, "too_many_turns");

    const other = await seedUser();
    expect(await turns(other, await makeChat(other.id), 1)).toEqual([200]);
  });

  it("lets the user chat again once the window has passed", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await turns(u, chatId, TURN_BURST_LIMIT);
    await expectError(await ask(u, { question: "Too soon", chat_id: chatId }), 429, "too_many_turns");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + TURN_BURST_WINDOW_MS });
    expect(await turns(u, chatId, 1)).toEqual([200]);
  });

  it("does not count turns refused for another reason", async () => {
    const u = await seedUser();
    const stranger = await seedUser();
    const notTheirs = await makeChat(stranger.id);
    expect(new Set(await turns(u, notTheirs, TURN_BURST_LIMIT + 5))).toEqual(new Set([404]));
    expect(await turns(u, await makeChat(u.id), 1)).toEqual([200]);
  });
});
