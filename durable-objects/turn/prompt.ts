// History to prompt: the conversation a model sees for one turn — Mây's system prompt, the chat's recent messages
// (empty answers, such as a failed one, are left out) and the new question, with the files it carries: their text
// before the question (worker/uploads/attachment-prompt.ts) and images as vision input.
import type { WindowMessage } from "../state/chats";
import type { AnswerPrompt } from "../../worker/models/stream-answer";
import { attachmentsPrompt } from "../../worker/uploads/attachment-prompt";
import type { Attachment } from "../../worker/uploads/store";

export const SYSTEM_PROMPT =
  "You are Mây, a helpful multilingual assistant. Answer in the language of the user's last message. Use Markdown where it helps.";

export function buildPrompt({
  history,
  question,
  system = SYSTEM_PROMPT,
  attachments = [],
}: {
  history: WindowMessage[];
  question: string;
  system?: string;
  attachments?: Attachment[];
}): AnswerPrompt {
  const messages: AnswerPrompt["messages"] = [];
  for (const m of history) {
    if (!m.message.trim()) continue;
    messages.push({ role: m.sender === "user" ? "user" : "assistant", content: m.message });
  }
  const files = attachments.flatMap((a) => (a.image ? [{ filename: a.name, mediaType: a.type, data: a.image }] : []));
  const text = attachmentsPrompt(attachments);
  messages.push({
    role: "user",
    content: text ? `${text}\n\n${question}` : question,
    ...(files.length > 0 ? { files } : {}),
  });
  return { system, messages };
}
