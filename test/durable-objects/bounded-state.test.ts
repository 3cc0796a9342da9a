// The user's object keeps a bounded state however long the account lives: the windows of the chats used last
// (chats.ts HOT_CHATS), the live sessions only (sessions.ts), and the daily counters of today and yesterday
// (usage.ts). Driven here through one object: 5,000 chats, 10,000 sign-ins and 60 days of use.
import { describe, expect, it } from "vitest";
import { HISTORY_MESSAGES, HOT_CHATS } from "../../durable-objects/state/chats";
import { dayBefore } from "../../durable-objects/state/usage";
import { quotaDay } from "../../worker/lib/time";
import { inUserHub, seedUser } from "../support/api";

/** The object's storage may not pass this, in bytes, whatever the account has done: 1 MB. */
const STORAGE_BOUND_BYTES = 1_000_000;

const history = (chat: number) =>
  Array.from({ length: HISTORY_MESSAGES }, (_, i) => ({
    messageId: `m-${chat}-${i}`,
    sender: i % 2 ? ("bot" as const) : ("user" as const),
    message: `Message ${i} of chat ${chat}: ${"a question or an answer of some length, ".repeat(6)}`,
  }));

describe("the user's object over a long life", () => {
  it("stays under 1 MB after 5,000 chats, 10,000 sign-ins and 60 days of use, keeping what it needs", async () => {
    // the quota day the object itself is on (its sign-ins merge it): the days it keeps are counted from it
    const today = quotaDay();
    const user = await seedUser();
    const result = await inUserHub(user.id, (hub, state) => {
      const s = hub.state;
      for (let chat = 0; chat < 5_000; chat++) s.chats.remember(`chat-${chat}`, history(chat));
      // A turn in an older chat that is still kept makes it the one used last.
      const kept = `chat-${5_000 - HOT_CHATS}`;
      s.chats.append(kept, [{ messageId: "new", sender: "user", message: "Back to this one" }]);
      s.chats.remember("chat-newest", history(5_001));
      const start = Date.now();
      for (let i = 0; i < 10_000; i++) {
        const at = start + i;
        s.sessions.add(
          {
            id: `session-${i}`,
            tokenHash: `hash-${i}`,
            userAgent: "Mozilla/5.0 (a phone)",
            ip: "203.0.113.7",
            createdAt: at,
            lastSeenAt: at,
            expiresAt: at + 7 * 86_400_000,
          },
          2,
        );
      }
      // 60 days, oldest first, up to today's quota day.
      const days = [today];
      while (days.length < 60) days.unshift(dayBefore(days[0]!));
      for (const d of days) {
        s.usage.mergeDay(d, []);
        s.usage.take(d, "gpt-4.1-mini", 100);
      }
      const count = (sql: string) => Number(state.storage.sql.exec(sql).one().n);
      return {
        bytes: state.storage.sql.databaseSize,
        chats: count("SELECT count(*) AS n FROM hot_chats"),
        windowRows: count("SELECT count(*) AS n FROM hot_window"),
        keptStillThere: s.chats.window(kept) !== null,
        evicted: s.chats.window("chat-0"),
        sessions: count("SELECT count(*) AS n FROM hot_sessions"),
        active: s.sessions.list().map((x) => x.id),
        usageDays: state.storage.sql
          .exec("SELECT day FROM hot_usage_days ORDER BY day")
          .toArray()
          .map((r) => String(r.day)),
        today: s.usage.count(today, "gpt-4.1-mini"),
      };
    });
    expect(result.bytes).toBeLessThan(STORAGE_BOUND_BYTES);
    expect(result.chats).toBe(HOT_CHATS);
    expect(result.windowRows).toBeLessThanOrEqual(HOT_CHATS * HISTORY_MESSAGES);
    expect(result.keptStillThere).toBe(true);
    // A chat let go reloads with its one D1 read, like a chat never seen.
    expect(result.evicted).toBeNull();
    expect(result.active).toEqual(["session-9999", "session-9998"]);
    // The two live ones and the one the last sign-in ended (deleted at the next).
    expect(result.sessions).toBe(3);
    console.log(`the object's storage after it all: ${result.bytes} bytes`);
    expect(result.usageDays).toEqual([dayBefore(today), today]);
    expect(result.today).toBe(1);
  });
});
