// The /ws client (partysocket's reconnecting WebSocket). After each open it authenticates and asks for the active
// sessions; it sends a heartbeat every 20 s; after a server or transport close it reconnects up to 5 times, waiting
// 1 s × the attempt number (constants shared with the Durable Object in worker/protocol/socket.ts). A forced logout
// closes for good. Incoming frames are validated with parseFrame; anything unknown is dropped.
import ReconnectingWebSocket from "partysocket/ws";
import {
  type ClientMessage,
  HEARTBEAT_INTERVAL_MS,
  MAX_RECONNECT_ATTEMPTS,
  RECONNECT_STEP_MS,
  type ServerMessage,
  ServerMessageSchema,
  parseFrame,
} from "../../../../../worker/protocol/socket";

/** Close codes after which reconnecting is pointless: policy violation (unauthenticated) and forced logout. */
const FINAL_CLOSE_CODES = new Set([1008, 4001]);
/** How long a connection attempt may take before it is retried, in milliseconds (20 s). */
const CONNECTION_TIMEOUT_MS = 20_000;

export interface SocketClientOptions {
  userId: string;
  onMessage: (message: ServerMessage) => void;
  /** Defaults to ws(s)://<this origin>/ws. */
  url?: string;
  /** A WebSocket implementation (tests in Node pass one). */
  WebSocket?: typeof globalThis.WebSocket;
}

export interface SocketClient {
  send: (message: ClientMessage) => void;
  close: () => void;
}

export function socketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

/** The delay before reconnect attempt n (1-based): 1 s, 2 s, 3 s, ... */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_STEP_MS * Math.max(1, attempt);
}

export function createSocketClient(options: SocketClientOptions): SocketClient {
  let socket: ReconnectingWebSocket;
  const socketOptions = {
    WebSocket: options.WebSocket,
    maxRetries: MAX_RECONNECT_ATTEMPTS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // partysocket multiplies the minimum delay by growFactor^(retry-1); a factor of 1 and a minimum that reads the
    // current retry count give a linear delay of 1 s × attempt.
    reconnectionDelayGrowFactor: 1,
    get minReconnectionDelay() {
      return reconnectDelay(socket?.retryCount ?? 1);
    },
    get maxReconnectionDelay() {
      return reconnectDelay(MAX_RECONNECT_ATTEMPTS);
    },
    shouldReconnectOnClose: (event: { code: number }) => !FINAL_CLOSE_CODES.has(event.code),
  };
  socket = new ReconnectingWebSocket(options.url ?? socketUrl(window.location), undefined, socketOptions);

  const send = (message: ClientMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  socket.addEventListener("open", () => {
    send({ type: "authenticate", userId: options.userId });
    send({ type: "check_active_sessions" });
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    const message = parseFrame(ServerMessageSchema, event.data);
    if (message) options.onMessage(message);
  });

  const heartbeat = setInterval(() => send({ type: "heartbeat", userId: options.userId }), HEARTBEAT_INTERVAL_MS);

  return {
    send,
    close: () => {
      clearInterval(heartbeat);
      socket.close(1000, "client closed");
    },
  };
}
