// The per-user Durable Object (partyserver, hibernation on). It owns two things that must outlive any one request:
// the user's sockets — active sessions, the /ws protocol, live force_logout — and the user's running generations,
// so an answer keeps streaming into D1 after the browser that asked for it has gone (a Worker request is cancelled
// with its client, a Durable Object's work is not).
import { type Connection, type ConnectionContext, Server } from "partyserver";
import { GenerationRunner, type GenerationInput } from "./generation";
import { SocketSessions } from "./socket-sessions";
import type { LogoutReason } from "../worker/protocol/socket";

/** Headers the Worker sets on the /ws upgrade it forwards here, after authenticating it. */
export const USER_HEADER = "x-may-user-id";
export const SESSION_HEADER = "x-may-session-id";

export class UserHub extends Server<Env> {
  static override options = { hibernate: true };

  readonly sockets = new SocketSessions(this, this.env);
  readonly generations = new GenerationRunner(this.ctx, this.env);

  override async onStart() {
    await this.generations.recoverInterrupted();
  }

  override getConnectionTags(_conn: Connection, ctx: ConnectionContext): string[] {
    const sessionId = ctx.request.headers.get(SESSION_HEADER);
    return sessionId ? [`session:${sessionId}`] : [];
  }

  override onConnect(conn: Connection, ctx: ConnectionContext) {
    return this.sockets.onConnect(conn, ctx);
  }

  override onMessage(conn: Connection, message: string | ArrayBuffer) {
    return this.sockets.onMessage(conn, message);
  }

  override async onAlarm() {
    await this.generations.onAlarm();
  }

  /** RPC: ends sessions live — their sockets get active_sessions_info with force_logout, then close. */
  async endSessions(sessionIds: string[], reason: LogoutReason): Promise<number> {
    return this.sockets.forceLogout(sessionIds, reason);
  }

  /** RPC: ends these sessions (D1 and live sockets). Returns the ids that were active. */
  async endSessionsById(sessionIds: string[], reason: LogoutReason): Promise<string[]> {
    return this.sockets.endSessions({ sessionIds, reason });
  }

  /** RPC: ends every active session but `keep` (null: all of them). Returns the ids that were ended. */
  async endOtherSessions(keep: string | null, reason: LogoutReason): Promise<string[]> {
    return this.sockets.endSessions({ allExcept: keep, reason });
  }

  /** RPC: the user's row changed in D1; reload it, apply the plan's session limit, tell open tabs. */
  async userChanged(): Promise<void> {
    await this.sockets.userChanged();
  }

  /** RPC: starts an answer and returns its SSE stream; the answer is saved even if the stream's reader goes away. */
  async generate(input: GenerationInput): Promise<ReadableStream<Uint8Array>> {
    return this.generations.start(input);
  }

  /** RPC: stops a running answer; the partial text is saved with stopped: true. False if none is running. */
  async stopGeneration(messageId: string): Promise<boolean> {
    return this.generations.stop(messageId);
  }

  /** RPC: the ids of the answers running now (for tests and diagnostics). */
  async runningGenerations(): Promise<string[]> {
    return this.generations.running();
  }
}
