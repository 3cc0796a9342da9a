// Test helper: opens /ws through the real worker (and so the user's Durable Object) and collects server frames.
import { call } from "./api";

export interface TestSocket {
  ws: WebSocket;
  frames: any[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** Waits for the next frame of `type` not yet consumed. */
  next(type: string, timeoutMs?: number): Promise<any>;
}

export async function openSocket(token: string): Promise<TestSocket> {
  const res = await call("GET", "/ws", { token, headers: { Upgrade: "websocket" } });
  const ws = res.webSocket;
  if (res.status !== 101 || !ws) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  ws.accept();
  const frames: any[] = [];
  let consumed = 0;
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    frames.push(JSON.parse(String(e.data)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    async next(type, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = frames.findIndex((f, idx) => idx >= consumed && f.type === type);
        if (i >= 0) {
          consumed = i + 1;
          return frames[i];
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
  };
}
