// The /ws protocol inside the user's Durable Object: authenticate, heartbeat, check_active_sessions, and the
// server's pushes (authenticated, active_sessions_info, premium_expiration, plan_changed). Frames are validated;
// unknown ones are ignored. Sessions are read from the object's hot state, never from D1. Connection state survives
// hibernation through partyserver's per-connection state.
import type { Connection, ConnectionContext, Server } from "partyserver";
import { sha256Hex, verifySessionJwt } from "../worker/auth/tokens";
import type { SessionUser } from "../worker/db/users";
import { isoOrNull } from "../worker/lib/time";
import {
  ClientMessageSchema,
  LOGOUT_MESSAGES,
  type LogoutReason,
  parseFrame,
  type ServerMessage,
} from "../worker/protocol/socket";
import type { HotState } from "./state/hot-state";

/** Close code sent with a forced logout (application range 4000–4999). */
export const FORCE_LOGOUT_CLOSE_CODE = 4001;
/** premium_expiration is pushed when premium ends within this many days. */
const PREMIUM_WARNING_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

interface SocketState {
  userId: string;
  sessionId: string;
  authenticated: boolean;
}

/** What the protocol needs from the object. */
export interface SocketHost {
  state: HotState;
  /** The active session's user, or null when the session has ended. */
  sessionUser(sessionId: string, tokenHash: string | null): Promise<SessionUser | null>;
  /** Marks a session as seen now (hot state and D1). */
  touchSession(sessionId: string): Promise<void>;
}

export class SocketSessions {
  constructor(
    private readonly server: Server<Env>,
    private readonly env: Env,
    private readonly host: SocketHost,
  ) {}

  onConnect(conn: Connection, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get("x-may-user-id");
    const sessionId = ctx.request.headers.get("x-may-session-id");
    if (!userId || !sessionId) {
      conn.close(1008, "unauthenticated");
      return;
    }
    conn.setState({ userId, sessionId, authenticated: false } satisfies SocketState);
  }

  async onMessage(conn: Connection, raw: string | ArrayBuffer) {
    const msg = parseFrame(ClientMessageSchema, raw);
    const state = conn.state as SocketState | null;
    if (!msg || !state) return;
    switch (msg.type) {
      case "authenticate":
        return this.onAuthenticate(conn, state, msg);
      case "heartbeat":
        return this.onHeartbeat(conn, state);
      case "check_active_sessions":
        return this.sendSessions(conn, state);
    }
  }

  send(conn: Connection, message: ServerMessage) {
    try {
      conn.send(JSON.stringify(message));
    } catch {
      // the socket closed under us; nothing to tell it
    }
  }

  /** Sends a frame to every socket of the user. */
  broadcast(message: ServerMessage) {
    for (const conn of this.server.getConnections()) this.send(conn, message);
  }

  private rejectSocket(conn: Connection, reason: LogoutReason) {
    this.send(conn, {
      type: "active_sessions_info",
      sessions: [],
      force_logout: true,
      message: LOGOUT_MESSAGES[reason],
      reason,
      current_session_active: false,
    });
    conn.close(FORCE_LOGOUT_CLOSE_CODE, reason);
  }

  private async onAuthenticate(
    conn: Connection,
    state: SocketState,
    msg: { userId: string; token?: string; session_token?: string },
  ) {
    if (msg.userId !== state.userId) return this.rejectSocket(conn, "expired");
    // With a token, it must be a valid token of this very socket's session; without one (the upgrade's cookie
    // already authenticated the socket), the session is checked again.
    if (msg.token) {
      const claims = await verifySessionJwt(this.env, msg.token);
      if (!claims || claims.sub !== state.userId || claims.sid !== state.sessionId)
        return this.rejectSocket(conn, "expired");
    }
    const tokenHash = msg.session_token ? await sha256Hex(msg.session_token) : null;
    const user = await this.host.sessionUser(state.sessionId, tokenHash);
    if (!user) return this.rejectSocket(conn, "expired");
    conn.setState({ ...state, authenticated: true } satisfies SocketState);
    this.send(conn, { type: "authenticated", userId: state.userId, sessionId: state.sessionId });
    const premiumEnd = user.premiumEnd;
    if (user.isPremium > 0 && premiumEnd !== null && premiumEnd - Date.now() < PREMIUM_WARNING_DAYS * DAY_MS) {
      const expired = premiumEnd <= Date.now();
      this.send(conn, {
        type: "premium_expiration",
        premium_end: isoOrNull(premiumEnd),
        expired,
        days_left: expired ? 0 : Math.ceil((premiumEnd - Date.now()) / DAY_MS),
      });
    }
  }

  /** A heartbeat marks the device as seen and re-checks its session, so expiry is noticed within one beat. */
  private async onHeartbeat(conn: Connection, state: SocketState) {
    if (!(await this.host.sessionUser(state.sessionId, null))) return this.rejectSocket(conn, "expired");
    await this.host.touchSession(state.sessionId);
  }

  private async sendSessions(conn: Connection, state: SocketState) {
    if (!(await this.host.sessionUser(state.sessionId, null))) return this.rejectSocket(conn, "expired");
    const online = new Set<string>();
    for (const c of this.server.getConnections<SocketState>()) if (c.state) online.add(c.state.sessionId);
    this.send(conn, {
      type: "active_sessions_info",
      sessions: this.host.state.sessions.list().map((r) => ({
        id: r.id,
        user_agent: r.userAgent,
        created_at: isoOrNull(r.createdAt) ?? "",
        last_seen_at: isoOrNull(r.lastSeenAt) ?? "",
        current: r.id === state.sessionId,
        online: online.has(r.id),
      })),
      force_logout: false,
      message: null,
      current_session_active: true,
    });
  }

  /** Pushes force_logout to these sessions' sockets and closes them. Returns how many sockets it closed. */
  forceLogout(sessionIds: string[], reason: LogoutReason): number {
    let closed = 0;
    for (const id of sessionIds) {
      for (const conn of this.server.getConnections(`session:${id}`)) {
        this.rejectSocket(conn, reason);
        closed++;
      }
    }
    return closed;
  }
}
