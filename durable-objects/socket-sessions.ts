// The /ws protocol inside the user's Durable Object: authenticate, heartbeat, check_active_sessions, and the
// server's pushes (authenticated, active_sessions_info, premium_expiration). Frames are validated; unknown ones
// are ignored. Connection state survives hibernation through partyserver's per-connection state.
import type { Connection, ConnectionContext, Server } from "partyserver";
import { authenticate } from "../worker/auth/middleware";
import { createDb } from "../worker/db/client";
import { getActiveSession, listActiveSessions, revokeSessions, touchSession } from "../worker/db/sessions";
import { getUserById } from "../worker/db/users";
import { ENTITLEMENTS, planOf } from "../worker/plans/entitlements";
import type { Db, SessionUser } from "../worker/env";
import { isoOrNull } from "../worker/lib/time";
import {
  ClientMessageSchema,
  LOGOUT_MESSAGES,
  type LogoutReason,
  parseFrame,
  type ServerMessage,
} from "../worker/protocol/socket";

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

export class SocketSessions {
  private readonly db: Db;

  constructor(
    private readonly server: Server<Env>,
    private readonly env: Env,
  ) {
    this.db = createDb(env.DB);
  }

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

  private send(conn: Connection, message: ServerMessage) {
    try {
      conn.send(JSON.stringify(message));
    } catch {
      // the socket closed under us; nothing to tell it
    }
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
    // With a token, authenticate() checks it and the session row in one go; without one (the upgrade's cookie
    // already authenticated the socket), the session row alone is checked again.
    let user: SessionUser;
    if (msg.token) {
      try {
        const auth = await authenticate(this.env, this.db, { jwt: msg.token, sessionToken: msg.session_token, via: "header" });
        if (auth.session.id !== state.sessionId) return this.rejectSocket(conn, "expired");
        user = auth.user;
      } catch {
        return this.rejectSocket(conn, "expired");
      }
    } else {
      const row = await getActiveSession({ db: this.db, id: state.sessionId, userId: state.userId });
      if (!row) return this.rejectSocket(conn, "expired");
      user = row.user;
    }
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
    const row = await getActiveSession({ db: this.db, id: state.sessionId, userId: state.userId });
    if (!row) return this.rejectSocket(conn, "expired");
    await touchSession({ db: this.db, id: state.sessionId, userId: state.userId });
  }

  private async sendSessions(conn: Connection, state: SocketState) {
    const rows = await listActiveSessions({ db: this.db, userId: state.userId });
    const current = rows.some((r) => r.id === state.sessionId);
    if (!current) return this.rejectSocket(conn, "expired");
    const online = new Set<string>();
    for (const c of this.server.getConnections<SocketState>()) if (c.state) online.add(c.state.sessionId);
    this.send(conn, {
      type: "active_sessions_info",
      sessions: rows.map((r) => ({
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

  /** Ends sessions in D1 (by id, or all but one) and pushes force_logout to their sockets. */
  async endSessions(opts: { reason: LogoutReason } & ({ sessionIds: string[] } | { allExcept: string | null })): Promise<string[]> {
    const userId = this.server.name;
    const ended = await revokeSessions({ db: this.db, userId, ...opts });
    this.forceLogout(ended, opts.reason);
    return ended;
  }

  /** Reloads the user, ends sessions past the plan's limit (oldest first) and tells every open tab. */
  async userChanged(): Promise<void> {
    const userId = this.server.name;
    const user = await getUserById({ db: this.db, id: userId });
    if (!user) return;
    const plan = planOf(user);
    const active = await listActiveSessions({ db: this.db, userId }); // newest first
    const surplus = active.slice(ENTITLEMENTS[plan].sessionLimit).map((s) => s.id);
    if (surplus.length > 0) await this.endSessions({ sessionIds: surplus, reason: "expired" });
    const frame: ServerMessage = { type: "plan_changed", plan, is_premium: user.isPremium, premium_end: isoOrNull(user.premiumEnd) };
    for (const conn of this.server.getConnections()) this.send(conn, frame);
  }

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
