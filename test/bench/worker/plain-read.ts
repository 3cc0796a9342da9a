// The least reading any worker does to see an answer's text: an OpenAI-compatible SSE body read chunk by chunk, split
// into events, each parsed once with JSON.parse, and its text handed on. The CPU bench's baseline (hot-path.bench.ts,
// in Node) and the parsing floor (floor-entry.ts, in workerd) are both this loop.

/** Reads `body` to its end, calling `onContent` with each event's text. */
export async function readContents(body: ReadableStream<Uint8Array>, onContent: (text: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split("\n\n");
    buffer = events.pop() ?? "";
    for (const event of events) {
      if (!event.startsWith("data: ") || event === "data: [DONE]") continue;
      const content = JSON.parse(event.slice(6)).choices?.[0]?.delta?.content;
      if (content) onContent(content);
    }
  }
}
