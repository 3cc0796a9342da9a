// The chat-turn pipeline's promise: nothing on the path to the first token waits on D1 that the user's object can
// answer. Counted (not timed) at the D1 binding: at most one round trip for the first message in a chat the object
// has not seen, none for the next message in the same chat.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GenerationRunner } from "../../../durable-objects/generation";
import { HotState } from "../../../durable-objects/hot-state";
import { sha256Hex } from "../../../worker/auth/tokens";
import { createDb } from "../../../worker/db/client";
import { type ChatTurnRequest, runChatTurn, turnHost } from "../../../worker/turn/chat-turn";
import { inUserHub, makeChat, messagesOf, seedUser } from "../../support/api";
import { wrapD1 } from "../../support/d1-wrapper";

/** Reads SSE until the first content event; returns the reader so the rest can be drained. */
async function untilFirstToken(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes('"content"')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before a token: ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  return reader;
}

describe("the chat turn's D1 round trips before the first token", () => {
  it("makes at most one for a chat the object has not seen, and none for the next message in it", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    const sessionId = JSON.parse(atob(u.token.split(".")[1]!)).sid as string;
    const tokenHash = await sha256Hex(u.sessionToken);
    const counts = await inUserHub(u.id, async (_hub, state) => {
      let counting = true;
      let calls = 0;
      const db = createDb(wrapD1(env.DB, () => void (counting && calls++)));
      const hot = new HotState(state.storage, db, () => u.id);
      const host = turnHost(hot, new GenerationRunner(state, env, db, hot), env);
      const turn = (question: string): ChatTurnRequest => ({
        sessionId,
        tokenHash,
        claimedUserId: u.id,
        endpoint: "gpt-4.1-mini",
        chatId,
        question,
        userMessageId: crypto.randomUUID(),
        botMessageId: crypto.randomUUID(),
        isSearchMode: false,
      });
      const result: number[] = [];
      for (const question of ["First question", "Second question"]) {
        calls = 0;
        counting = true;
        const reader = await untilFirstToken((await runChatTurn(host, turn(question))).stream);
        result.push(calls);
        counting = false;
        while (!(await reader.read()).done) {
          // drain: the answer and its save finish before the next turn
        }
      }
      return result;
    });
    expect(counts).toEqual([1, 0]);
    const saved = await messagesOf(chatId);
    expect(saved.map((m) => [m.sender, m.sender === "user" ? m.message : "…"])).toEqual([
      ["user", "First question"],
      ["bot", "…"],
      ["user", "Second question"],
      ["bot", "…"],
    ]);
  });
});
