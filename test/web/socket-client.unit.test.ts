// The /ws client against a fake WebSocket: it authenticates and checks sessions on open, beats every 20 s, hands on
// only valid frames, reconnects up to 5 times waiting 1 s × the attempt, and never after a forced logout.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_INTERVAL_MS, MAX_RECONNECT_ATTEMPTS } from "../../worker/protocol/socket";
import { createSocketClient, reconnectDelay, socketUrl } from "../../web/src/features/socket/signed-in/socket-client";

class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  static autoOpen = true;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
    if (FakeSocket.autoOpen) setTimeout(() => this.open(), 0);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  /** The server (or the network) closes the socket. */
  drop(code: number) {
    this.readyState = 3;
    const event = new Event("close") as Event & { code: number; reason: string; wasClean: boolean };
    Object.assign(event, { code, reason: "", wasClean: code === 1000 });
    this.dispatchEvent(event);
  }
  close() {
    this.readyState = 3;
  }
}

describe("socket client", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    FakeSocket.autoOpen = true;
  });
  afterEach(() => vi.useRealTimers());

  const start = (onMessage = vi.fn()) =>
    createSocketClient({
      userId: "u1",
      onMessage,
      url: "ws://test/ws",
      WebSocket: FakeSocket as unknown as typeof WebSocket,
    });

  it("connects to /ws on this origin", () => {
    expect(socketUrl({ protocol: "https:", host: "may.example" })).toBe("wss://may.example/ws");
    expect(socketUrl({ protocol: "http:", host: "localhost:8787" })).toBe("ws://localhost:8787/ws");
  });

  it("authenticates and checks the active sessions when it opens", async () => {
    const client = start();
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeSocket.instances[0]?.sent).toEqual([
      { type: "authenticate", userId: "u1" },
      { type: "check_active_sessions" },
    ]);
    client.close();
  });

  it("sends a heartbeat every 20 seconds", async () => {
    const client = start();
    await vi.advanceTimersByTimeAsync(10);
    const socket = FakeSocket.instances[0]!;
    socket.sent = [];
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 3);
    expect(socket.sent).toEqual([
      { type: "heartbeat", userId: "u1" },
      { type: "heartbeat", userId: "u1" },
      { type: "heartbeat", userId: "u1" },
    ]);
    client.close();
  });

  it("passes on valid server frames and drops anything else", async () => {
    const onMessage = vi.fn();
    const client = start(onMessage);
    await vi.advanceTimersByTimeAsync(10);
    const socket = FakeSocket.instances[0]!;
    socket.receive("not json");
    socket.receive(JSON.stringify({ type: "mystery" }));
    socket.receive(JSON.stringify({ type: "active_sessions_info", sessions: [], force_logout: "yes" }));
    const valid = {
      type: "active_sessions_info",
      sessions: [],
      force_logout: true,
      message: "x",
      reason: "replaced",
      current_session_active: false,
    };
    socket.receive(JSON.stringify(valid));
    expect(onMessage.mock.calls).toEqual([[valid]]);
    client.close();
  });

  it("waits 1 s times the attempt number between reconnects", () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 2000, 3000, 4000, 5000]);
  });

  it("reconnects up to 5 times after the transport closes, then gives up", async () => {
    const client = start();
    await vi.advanceTimersByTimeAsync(10);
    FakeSocket.autoOpen = false; // the server stays down
    FakeSocket.instances[0]!.drop(1006);
    for (let attempt = 1; attempt <= MAX_RECONNECT_ATTEMPTS; attempt++) {
      await vi.advanceTimersByTimeAsync(reconnectDelay(attempt) - 50);
      expect(FakeSocket.instances.length, `attempt ${attempt} not before its delay`).toBe(attempt);
      await vi.advanceTimersByTimeAsync(50);
      expect(FakeSocket.instances.length, `attempt ${attempt}`).toBe(attempt + 1);
      FakeSocket.instances.at(-1)!.drop(1006);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances.length).toBe(1 + MAX_RECONNECT_ATTEMPTS);
    client.close();
  });

  it("does not reconnect after a forced logout closes the socket", async () => {
    const client = start();
    await vi.advanceTimersByTimeAsync(10);
    FakeSocket.instances[0]!.drop(4001);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances.length).toBe(1);
    client.close();
  });
});
