// A chat's context (its persona, project and own settings) travels with its window in the user's object: read with
// the window in the turn's one D1 batch, taken from the route when the app opens or makes a chat, and changed in
// place by the routes that change it, so no turn reads it from D1 again (durable-objects/state/chats.ts).
import { describe, expect, it } from "vitest";
import { quotaDay } from "../../worker/lib/time";
import { chatsOf, inUserHub, makeChat, seedUser } from "../support/api";

describe("a chat's context in the user's object", () => {
  it("is read with the chat's window from D1 at the first turn and kept for the next", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id, "With settings");
    await (await chatsOf(user.id))
      .prepare(
        "UPDATE chat_sessions SET persona = 'english-professor', project_id = 'p-1', system_prompt = 'Be brief.', temperature = 0.4, max_tokens = 900 WHERE id = ?",
      )
      .bind(chatId)
      .run();
    const result = await inUserHub(user.id, async (hub) => {
      const before = hub.state.chats.context(chatId);
      const first = await hub.state.loadCold({ chatId, day: quotaDay() });
      const second = await hub.state.loadCold({ chatId, day: quotaDay() });
      return { before, roundTrips: [first.roundTrips, second.roundTrips], after: hub.state.chats.context(chatId) };
    });
    expect(result.before).toEqual({
      persona: null,
      projectId: null,
      systemPrompt: null,
      temperature: null,
      maxTokens: null,
    });
    expect(result.roundTrips).toEqual([1, 0]);
    expect(result.after).toEqual({
      persona: "english-professor",
      projectId: "p-1",
      systemPrompt: "Be brief.",
      temperature: 0.4,
      maxTokens: 900,
    });
  });

  it("takes a change from a route in place, keeping the window, and ignores one for a chat it does not know", async () => {
    const user = await seedUser();
    const result = await inUserHub(user.id, (hub) => {
      const chats = hub.state.chats;
      chats.remember("known", [{ messageId: "m1", sender: "user", message: "Hello" }], {
        persona: "english-professor",
      });
      chats.setContext("known", { projectId: "p-2", temperature: 1.5 });
      chats.setContext("known", { systemPrompt: "Answer in verse.", temperature: null });
      chats.setContext("unknown", { projectId: "p-2" });
      return { known: chats.context("known"), window: chats.window("known"), unknown: chats.window("unknown") };
    });
    expect(result.known).toEqual({
      persona: "english-professor",
      projectId: "p-2",
      systemPrompt: "Answer in verse.",
      temperature: null,
      maxTokens: null,
    });
    expect(result.window).toHaveLength(1);
    expect(result.unknown).toBeNull();
  });
});
