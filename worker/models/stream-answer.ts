// PLACEHOLDER until the provider-adapter work lands.
import type { LanguageModel, ModelMessage } from "ai";
import type { Citation, StreamErrorCode } from "../protocol/chat-stream";

export type AnswerPart =
  | { type: "text"; text: string }
  | { type: "citations"; citations: Citation[] }
  | { type: "error"; code: StreamErrorCode; message: string };

export async function* streamAnswer(opts: {
  model: LanguageModel;
  system?: string;
  messages: ModelMessage[];
  abortSignal: AbortSignal;
}): AsyncGenerator<AnswerPart> {
  const words = `Offline answer to: ${String(opts.messages.at(-1)?.content ?? "")}`.split(" ");
  for (const w of words) {
    if (opts.abortSignal.aborted) return;
    await new Promise((r) => setTimeout(r, 5));
    yield { type: "text", text: `${w} ` };
  }
}
