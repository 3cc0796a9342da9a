// The lean chat-completions model on byte streams a network really delivers: events split anywhere (mid-line,
// mid-character), CRLF line ends, comments and keep-alives, and chunks it does not understand.
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { createChatCompletionsModel } from "../../../worker/models/chat-completions";

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}`;

/** A model whose provider answers `body`, delivered in pieces of `size` bytes. */
function modelAnswering(body: string, size: number, seen: { request?: RequestInit } = {}) {
  const bytes = new TextEncoder().encode(body);
  const fakeFetch: typeof fetch = async (_url, init) => {
    seen.request = init;
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      },
    });
    return new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
  };
  return createChatCompletionsModel({
    provider: "test",
    baseURL: "https://provider.test/v1",
    apiKey: "k",
    model: "m",
    fetch: fakeFetch,
  });
}

async function partsOf(body: string, size: number) {
  const model = modelAnswering(body, size);
  const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] });
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

const text = (parts: LanguageModelV3StreamPart[]) =>
  parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : [])).join("");

describe("the chat-completions model", () => {
  const body = [
    chunk("Xin chào"),
    ": keep-alive comment",
    chunk(" mây ☁️"),
    'data: {"unexpected":true}',
    chunk(" 云", "stop"),
    "data: [DONE]",
    "",
  ].join("\r\n\r\n");

  it.each([1, 2, 3, 7, 64, 100_000])(
    "assembles the same text from %i-byte pieces, with CRLF line ends",
    async (size) => {
      const parts = await partsOf(body, size);
      expect(text(parts)).toBe("Xin chào mây ☁️ 云");
      expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: { unified: "stop", raw: "stop" } });
    },
  );

  it("errors with StreamInterruptedError when the body ends without [DONE] or a finish_reason", async () => {
    const model = modelAnswering(`${chunk("Half")}\n\n`, 5);
    const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] });
    const reader = stream.getReader();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toMatchObject({ name: "StreamInterruptedError" });
  });

  it("sends the system prompt, the conversation and the sampling settings in the chat-completions shape", async () => {
    const seen: { request?: RequestInit } = {};
    const model = modelAnswering(`${chunk("ok", "stop")}\n\n`, 100, seen);
    await model.doStream({
      prompt: [
        { role: "system", content: "Be brief." },
        { role: "user", content: [{ type: "text", text: "hi" }] },
        { role: "assistant", content: [{ type: "text", text: "hello" }] },
        { role: "user", content: [{ type: "text", text: "again" }] },
      ],
      temperature: 0.2,
      topP: 0.9,
    });
    expect(JSON.parse(String(seen.request?.body))).toEqual({
      model: "m",
      stream: true,
      temperature: 0.2,
      top_p: 0.9,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
        { role: "user", content: "again" },
      ],
    });
    expect(new Headers(seen.request?.headers).get("authorization")).toBe("Bearer k");
  });
});
