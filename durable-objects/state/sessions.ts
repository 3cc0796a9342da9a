// The user's active sessions, one row per signed-in device: authenticating a call is a lookup here, never a D1 query.
// The object writes every change through to D1 (worker/db/sessions.ts); D1's rows are read once, when the object
// first loads the user (hot-state.ts).
import type { LogoutReason } from "../../worker/protocol/socket";
import type { ObjectSql, Row } from "./object-sql";

export interface SessionRecord {
  id: string;
  tokenHash: string;
  userAgent: string;
  ip: string | null;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hot_sessions (
  id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, user_agent TEXT NOT NULL, ip TEXT,
  created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  revoked_at INTEGER, revoked_reason TEXT);
`;

const COLUMNS = "(id, token_hash, user_agent, ip, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)";

/**
 * How often a device's last sight reaches D1, at most: every 10 minutes. The object answers "last seen" itself (to
 * the minute, from each 20 s heartbeat); D1's copy serves only a first load and reporting, and writing it on every
 * heartbeat was most of the main database's queries (README, Capacity).
 */
export const SEEN_SAVE_INTERVAL_MS = 10 * 60_000;

export class Sessions {
  constructor(private readonly db: ObjectSql) {
    db.define(SCHEMA, {
      versionKey: "sessions_version",
      // When the session's last sight was last written to D1 (ms); 0: not since the object held it.
      statements: ["ALTER TABLE hot_sessions ADD COLUMN saved_seen_at INTEGER NOT NULL DEFAULT 0"],
    });
  }

  /** Takes the sessions D1 holds (the first load), keeping any the object already has. */
  adopt(sessions: SessionRecord[]) {
    for (const s of sessions) {
      this.db.exec(
        `INSERT OR IGNORE INTO hot_sessions ${COLUMNS}`,
        s.id,
        s.tokenHash,
        s.userAgent,
        s.ip,
        s.createdAt,
        s.lastSeenAt,
        s.expiresAt,
      );
    }
  }

  /** The session when it is active and unexpired. */
  active(id: string, now = Date.now()): SessionRecord | null {
    const [row] = this.db.rows(
      "SELECT * FROM hot_sessions WHERE id = ? AND revoked_at IS NULL AND expires_at > ?",
      id,
      now,
    );
    return row ? toSession(row) : null;
  }

  /** Active sessions, newest first. */
  list(now = Date.now()): SessionRecord[] {
    return this.db
      .rows(
        "SELECT * FROM hot_sessions WHERE revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC, rowid DESC",
        now,
      )
      .map(toSession);
  }

  /**
   * Adds a session and ends the oldest past `limit`. Returns the ids it ended. Atomic: the object is single-threaded.
   * Sessions that ended before (revoked or expired) are deleted here: nothing reads them once ended (their devices
   * were told when they ended, and D1 keeps the record), so ten thousand sign-ins leave only the live sessions.
   */
  add(s: SessionRecord, limit: number): string[] {
    this.db.exec("DELETE FROM hot_sessions WHERE revoked_at IS NOT NULL OR expires_at <= ?", s.createdAt);
    this.db.exec(
      `INSERT INTO hot_sessions ${COLUMNS}`,
      s.id,
      s.tokenHash,
      s.userAgent,
      s.ip,
      s.createdAt,
      s.lastSeenAt,
      s.expiresAt,
    );
    const surplus = this.list(s.createdAt)
      .slice(limit)
      .map((x) => x.id);
    this.revoke(surplus, "replaced");
    return surplus;
  }

  /** Ends these sessions if active. Returns the ids that were active. */
  revoke(ids: string[], reason: LogoutReason, now = Date.now()): string[] {
    const ended: string[] = [];
    for (const id of ids) {
      const cursor = this.db.exec(
        "UPDATE hot_sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL",
        now,
        reason,
        id,
      );
      if (cursor.rowsWritten > 0) ended.push(id);
    }
    return ended;
  }

  /**
   * Marks the session seen at `now`. True when D1's copy is due (not written for SEEN_SAVE_INTERVAL_MS), which the
   * caller then writes: it is recorded as written.
   */
  touch(id: string, now = Date.now()): boolean {
    this.db.exec("UPDATE hot_sessions SET last_seen_at = ? WHERE id = ?", now, id);
    const due = this.db.exec(
      "UPDATE hot_sessions SET saved_seen_at = ? WHERE id = ? AND saved_seen_at <= ?",
      now,
      id,
      now - SEEN_SAVE_INTERVAL_MS,
    );
    return due.rowsWritten > 0;
  }
}

function toSession(r: Row): SessionRecord {
  return {
    id: String(r.id),
    tokenHash: String(r.token_hash),
    userAgent: String(r.user_agent),
    ip: r.ip === null ? null : String(r.ip),
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    expiresAt: Number(r.expires_at),
  };
}
