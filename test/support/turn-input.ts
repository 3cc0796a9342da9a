// A turn ready for the generation runner, for the tests that drive it inside the user's object: a seeded user, a chat
// of theirs, their object's stub, and the runner's input for one "hello" to GPT-4.1 mini that takes one daily use.
import { env } from "cloudflare:workers";
import { getServerByName } from "partyserver";
import type { GenerationInput } from "../../durable-objects/turn/generation";
import type { UserHub } from "../../durable-objects/user-hub";
import { quotaDay } from "../../worker/lib/time";
import { makeChat, seedUser } from "./api";

export async function turnInputFor(opts: { requestId?: string } = {}) {
  const u = await seedUser();
  const chatId = await makeChat(u.id);
  const hub = await getServerByName(env.USER_HUB as DurableObjectNamespace<UserHub>, u.id);
  const input: GenerationInput = {
    userId: u.id,
    chatId,
    endpoint: "gpt-4.1-mini",
    botMessageId: `b-${crypto.randomUUID()}`,
    ...(opts.requestId ? { requestId: opts.requestId } : {}),
    userMessage: { messageId: `u-${crypto.randomUUID()}`, sender: "user", message: "hello", createdAt: Date.now() },
    usage: { bucket: "gpt-4.1-mini", day: quotaDay() },
    isSearchMode: false,
    prompt: { messages: [{ role: "user", content: "hello" }] },
  };
  return { u, chatId, hub, input };
}
