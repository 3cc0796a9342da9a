// @vitest-environment node
// History grouping: today / yesterday / 3-7 days ago / 7+ days ago by the user's local calendar day, with the API's
// 'YYYY-MM-DD HH:MM:SS' read as UTC. The clock is fixed and the time zone is Hà Nội (UTC+7), so UTC and local days
// differ and a wrong parse shows.
process.env.TZ = "Asia/Ho_Chi_Minh";

import { describe, expect, it } from "vitest";
import type { Chat } from "../../web/src/features/chat/chat.schemas";
import { dateGroupOf, groupHistory, parseUtcDateTime } from "../../web/src/features/history/group-by-date";

// 2025-06-15 10:00 in Hà Nội = 03:00 UTC
const NOW = new Date("2025-06-15T03:00:00Z");

const chat = (id: string, last: string, starred = false): Chat => ({
  id,
  title: id,
  status: "active",
  persona: null,
  project_id: null,
  system_prompt: null,
  temperature: null,
  max_tokens: null,
  is_starred: starred,
  last_message_at: last,
  created_at: null,
  updated_at: null,
});

describe("parseUtcDateTime", () => {
  it("reads the API's format as UTC", () => {
    expect(parseUtcDateTime("2025-06-14 23:30:00").toISOString()).toBe("2025-06-14T23:30:00.000Z");
  });

  it("accepts ISO strings with a zone", () => {
    expect(parseUtcDateTime("2025-06-14T23:30:00.250Z").toISOString()).toBe("2025-06-14T23:30:00.250Z");
  });

  it("gives an invalid date for garbage", () => {
    expect(Number.isNaN(parseUtcDateTime("yesterday").getTime())).toBe(true);
  });
});

describe("dateGroupOf", () => {
  const group = (utc: string) => dateGroupOf(parseUtcDateTime(utc), NOW);

  it("puts a UTC evening that is already the next morning in Hà Nội under today", () => {
    // 2025-06-14 17:30 UTC = 2025-06-15 00:30 in Hà Nội
    expect(group("2025-06-14 17:30:00")).toBe("today");
  });

  it("puts the previous local day under yesterday", () => {
    // 2025-06-14 16:59 UTC = 2025-06-14 23:59 local
    expect(group("2025-06-14 16:59:00")).toBe("yesterday");
    expect(group("2025-06-13 17:00:00")).toBe("yesterday"); // 2025-06-14 00:00 local
  });

  it("puts two to seven local days ago under 3-7 days ago", () => {
    expect(group("2025-06-13 16:59:00")).toBe("last7"); // 2025-06-13 23:59 local, 2 days
    expect(group("2025-06-07 17:00:00")).toBe("last7"); // 2025-06-08 00:00 local, 7 days
  });

  it("puts anything older than seven days under 7+ days ago", () => {
    expect(group("2025-06-07 16:59:00")).toBe("older"); // 2025-06-07 23:59 local, 8 days
    expect(group("2024-01-01 00:00:00")).toBe("older");
  });

  it("treats a time slightly in the future as today", () => {
    expect(group("2025-06-15 05:00:00")).toBe("today");
  });
});

describe("groupHistory", () => {
  it("lists starred chats first, then the date groups in order, newest first, without empty groups", () => {
    const groups = groupHistory(
      [
        chat("old", "2025-05-01 08:00:00"),
        chat("today-early", "2025-06-14 18:00:00"),
        chat("starred-old", "2025-01-01 00:00:00", true),
        chat("today-late", "2025-06-15 02:00:00"),
        chat("four-days", "2025-06-11 05:00:00"),
      ],
      NOW,
    );
    expect(groups.map((g) => [g.key, g.chats.map((c) => c.id)])).toEqual([
      ["starred", ["starred-old"]],
      ["today", ["today-late", "today-early"]],
      ["last7", ["four-days"]],
      ["older", ["old"]],
    ]);
  });

  it("returns no groups for no chats", () => {
    expect(groupHistory([], NOW)).toEqual([]);
  });
});
