// A fast OpenAI-compatible upstream for the hot-path benchmark, run in its own process so its CPU is not counted
// against the loops being measured. POST /v1/chat/completions streams chat-completions chunks ending in [DONE]: the
// first chunk at once, then N more tokens with a gap between them. The model name sets both: "t<N>" (default: the
// body's max_tokens, else 200) and "gap-<ms>" (default 0, when each event is still written separately, yielding
// between events), e.g. "gap-5-t200".
// Prints its port on stdout.
import { createServer } from "node:http";

const WORD = ["mây", " trả", " lời", " nhanh", " edge", " token", " stream", " cloud"];

const server = createServer((req, res) => {
  if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
    res.writeHead(404).end();
    return;
  }
  let body = "";
  req.on("data", (d) => (body += d));
  req.on("end", async () => {
    const json = JSON.parse(body || "{}");
    const model = String(json.model ?? "");
    const tokens = Number(/(?:^|-)t(\d+)/.exec(model)?.[1] ?? json.max_tokens ?? 200);
    const gapMs = Number(/gap-(\d+)/.exec(model)?.[1] ?? 0);
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const chunk = (delta, finish = null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 1, model: json.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: "assistant", content: "" }));
    res.write(chunk({ content: "Xin chào" }));
    let closed = false;
    res.on("close", () => (closed = true));
    for (let i = 0; i < tokens && !closed; i++) {
      await new Promise((r) => (gapMs > 0 ? setTimeout(r, gapMs) : setImmediate(r)));
      res.write(chunk({ content: WORD[i % WORD.length] }));
    }
    if (!closed) {
      res.write(chunk({}, "stop"));
      res.end("data: [DONE]\n\n");
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => console.log(String(server.address().port)));
