// The floor the hot-path bench holds Mây's turn against: a bare Hono worker that passes the same upstream stream
// through a Durable Object per user, with nothing else (no auth, no D1, no prompt, no parsing of the stream). What Mây
// adds over this is what its turn costs; what this costs is the platform's (Miniflare's dispatch, the worker → object
// hop, the object's outgoing fetch). Bundled and run by workerd-runner.mjs on its own Miniflare.
//
// The parsing floor (/api/parsed/:model) is the least any answer costs beyond that: the object reads the upstream's
// events in JavaScript, parses each and writes the text on as Mây does (the first token at once, then at most one
// write per 32 ms), with nothing else. Under 50 streams on one workerd thread, this reading alone is most of the work.
import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";
import { readContents } from "./plain-read";

interface FloorEnv {
  FLOOR_HUB: DurableObjectNamespace<FloorHub>;
  UPSTREAM_URL: string;
}

/** Mây's batching of tokens (durable-objects/turn/generation.ts, FLUSH_INTERVAL_MS), in milliseconds. */
const FLUSH_INTERVAL_MS = 32;

/** The upstream's text, parsed event by event and written on in batches (the parsing floor). */
function parsedText(body: ReadableStream<Uint8Array>) {
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let pending = "";
  let timer: ReturnType<typeof setTimeout> | null = null;
  let first = true;
  const flush = () => {
    timer = null;
    if (pending) void writer.write(encoder.encode(`data: ${JSON.stringify({ content: pending })}\n\n`));
    pending = "";
  };
  const pump = async () => {
    await readContents(body, (content) => {
      pending += content;
      if (first) {
        first = false;
        flush();
      } else timer ??= setTimeout(flush, FLUSH_INTERVAL_MS);
    });
    if (timer) clearTimeout(timer);
    flush();
    await writer.write(encoder.encode("data: [DONE]\n\n"));
    await writer.close();
  };
  return { readable, pumped: pump() };
}

/** One per user, as Mây's UserHub: fetches the upstream and hands its body back over RPC. */
export class FloorHub extends DurableObject<FloorEnv> {
  async stream(model: string, question: string, parse = false): Promise<ReadableStream<Uint8Array>> {
    const res = await fetch(`${this.env.UPSTREAM_URL}/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ model, stream: true, messages: [{ role: "user", content: question }] }),
    });
    if (!res.body) throw new Error(`upstream answered ${res.status} without a body`);
    if (!parse) return res.body;
    const { readable, pumped } = parsedText(res.body);
    this.ctx.waitUntil(pumped);
    return readable;
  }
}

const app = new Hono<{ Bindings: FloorEnv }>().post("/api/:kind/:model", async (c) => {
  const { question } = await c.req.json<{ question: string }>();
  const user = c.req.header("Authorization") ?? "guest";
  const hub = c.env.FLOOR_HUB.get(c.env.FLOOR_HUB.idFromName(user));
  const body = await hub.stream(c.req.param("model"), question, c.req.param("kind") === "parsed");
  return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
});

export default app;
