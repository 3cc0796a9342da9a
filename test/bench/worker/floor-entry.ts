// The floor the hot-path bench holds Mây's turn against: a bare Hono worker that passes the same upstream stream
// through a Durable Object per user, with nothing else (no auth, no D1, no prompt, no parsing of the stream). What Mây
// adds over this is what its turn costs; what this costs is the platform's (Miniflare's dispatch, the worker → object
// hop, the object's outgoing fetch). Bundled and run by workerd-runner.mjs on its own Miniflare.
import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";

interface FloorEnv {
  FLOOR_HUB: DurableObjectNamespace<FloorHub>;
  UPSTREAM_URL: string;
}

/** One per user, as Mây's UserHub: fetches the upstream and hands its body back over RPC. */
export class FloorHub extends DurableObject<FloorEnv> {
  async stream(model: string, question: string): Promise<ReadableStream<Uint8Array>> {
    const res = await fetch(`${this.env.UPSTREAM_URL}/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ model, stream: true, messages: [{ role: "user", content: question }] }),
    });
    if (!res.body) throw new Error(`upstream answered ${res.status} without a body`);
    return res.body;
  }
}

const app = new Hono<{ Bindings: FloorEnv }>().post("/api/chat/:model", async (c) => {
  const { question } = await c.req.json<{ question: string }>();
  const user = c.req.header("Authorization") ?? "guest";
  const hub = c.env.FLOOR_HUB.get(c.env.FLOOR_HUB.idFromName(user));
  const body = await hub.stream(c.req.param("model"), question);
  return new Response(body, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
});

export default app;
