// The user's account as the object keeps it: a snapshot of the user row and of the user's paid periods. The plan in
// force is the level of the period covering now, read at each call, so it switches at a period's boundary exactly
// (the object's alarm then writes it to D1 and tells open tabs: user-hub.ts).
import type { SessionUser } from "../../worker/db/users";
import { type PremiumPeriod, type PremiumState, premiumFields } from "../../worker/plans/premium-period";
import type { ObjectSql } from "./object-sql";

export class Account {
  private userCache: SessionUser | null = null;
  private periodsCache: PremiumPeriod[] | null = null;

  constructor(private readonly db: ObjectSql) {}

  /** True once the object holds the user (loaded from D1 once, ever: hot-state.ts). */
  get known(): boolean {
    return this.db.meta("user") !== null;
  }

  /** The user as of `now`: the stored row with the premium fields of the paid period covering now. */
  user(now = Date.now()): SessionUser {
    const row = this.row();
    const fields = premiumFields(this.periods(), now);
    return fields ? { ...row, ...fields } : row;
  }

  /**
   * The user row as last read from D1 (or last written by the object): its premium fields may lag `user()` by one
   * boundary.
   */
  row(): SessionUser {
    if (!this.userCache) {
      const raw = this.db.meta("user");
      if (!raw) throw new Error("hot state used before hydration");
      this.userCache = JSON.parse(raw) as SessionUser; // written by setRow below from a D1 row, never from outside
    }
    return this.userCache;
  }

  setRow(user: SessionUser) {
    this.userCache = user;
    this.db.setMeta("user", JSON.stringify(user));
  }

  /** Records premium fields the object wrote to D1 itself (the plan switching at a boundary). */
  setPremium(fields: PremiumState) {
    this.setRow({ ...this.row(), ...fields });
  }

  /** The user's paid periods, oldest first (none for a user who never paid, or whose plan was set on the row only). */
  periods(): PremiumPeriod[] {
    if (!this.periodsCache) {
      const raw = this.db.meta("periods");
      this.periodsCache = raw ? (JSON.parse(raw) as PremiumPeriod[]) : []; // written by setPeriods from D1 rows
    }
    return this.periodsCache;
  }

  /** False for an object that kept the user before it kept their periods: it reads the account again once. */
  get knowsPeriods(): boolean {
    return this.periodsCache !== null || this.db.meta("periods") !== null;
  }

  setPeriods(periods: PremiumPeriod[]) {
    this.periodsCache = periods;
    this.db.setMeta("periods", JSON.stringify(periods));
  }

  /**
   * The binding name of the chat shard holding the user's chats (worker/db/shards.ts), as the directory said when the
   * account was last read. Throws before it is known: HotState.load reads it first.
   */
  shard(): string {
    const name = this.db.meta("shard");
    if (name === null) throw new Error("chat shard used before the account was read");
    return name;
  }

  /** False for an object that kept the user before the directory existed: it reads the account again once. */
  get knowsShard(): boolean {
    return this.db.meta("shard") !== null;
  }

  setShard(name: string) {
    this.db.setMeta("shard", name);
  }

  /** When the last premium reminder was sent (its scheduled time), so an alarm never sends one twice. */
  lastReminderAt(): number | null {
    const raw = this.db.meta("premium_reminder_at");
    return raw === null ? null : Number(raw);
  }

  setLastReminderAt(at: number) {
    this.db.setMeta("premium_reminder_at", String(at));
  }

  /** Drops what is kept in memory (the rows are gone: the account is being deleted). */
  forget() {
    this.userCache = null;
    this.periodsCache = null;
  }
}
