// History to prompt: the conversation a model sees for one turn — Mây's system prompt, the chat's recent messages
// (empty answers, such as a failed one, are left out) and the new question.
import type { WindowMessage } from "../../durable-objects/hot-state";
import type { AnswerPrompt } from "../models/stream-answer";

export const SYSTEM_PROMPT =
  "You are Mây, a helpful multilingual assistant. Answer in the language of the user's last message. Use Markdown where it helps.";

export function buildPrompt({ history, question, system = SYSTEM_PROMPT }: { history: WindowMessage[]; question: string; system?: string }): AnswerPrompt {
  const messages: AnswerPrompt["messages"] = [];
  for (const m of history) {
    if (!m.message.trim()) continue;
    messages.push({ role: m.sender === "user" ? "user" : "assistant", content: m.message });
  }
  messages.push({ role: "user", content: question });
  return { system, messages };
}
