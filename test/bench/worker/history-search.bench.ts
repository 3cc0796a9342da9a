// `npm run bench` (bench-worker): search over the whole history, measured on workerd with a local D1. Seeds one user
// with CHATS chats × MESSAGES_PER_CHAT messages (default 10,000 × 100 = 1,000,000 messages) in the user's chat shard,
// indexed by the shard's FTS5 triggers (migrations/chats/0000_chats.sql) as real saves would be, and prints
// GET /chat-sessions/search's time end to end (worker + D1, through Miniflare) as p50 / p95 per kind of query. The
// issue's target: under 100 ms at that size.
// The seeding and the queries run in history-search-runner.mjs (Miniflare does not start inside vitest's runner).
// Smaller runs: CHATS=1000 npm run bench -- --project bench-worker
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareLocalDatabase } from "../../../scripts/local-db.mjs";
import { runRunner } from "./run-runner";

let stateDir = "";

interface Row {
  label: string;
  q: string;
  p50: number;
  p95: number;
  count: number | null;
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "may-history-bench-"));
  // the main database and every chat shard, migrated as `npm start` migrates them
  await prepareLocalDatabase({ persistTo: stateDir, stdio: "pipe" });
}, 120_000);

afterAll(() => {
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

it("prints history search times", () => {
  const r = runRunner("history-search-runner.mjs", [stateDir]) as {
    chats: number;
    messagesPerChat: number;
    /** The D1 binding that holds the user's chats: a chat shard (CHATS_<n>), or DB for a user placed before shards. */
    shard: string;
    /** `bytes`: how much the database grew (D1's meta.size_after), chats, messages and their indexes. */
    seeded: { ms: number; messages: number; bytes: number };
    runs: number;
    results: Row[];
  };
  const rows = r.results.map((x) => [
    `${x.label} — q=${JSON.stringify(x.q)}`,
    `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)} ms`,
    x.count === null ? "" : String(x.count),
  ]);
  const width = Math.max(...rows.map((x) => x[0]!.length));
  console.log(
    [
      "",
      `History search: ${r.chats.toLocaleString("en")} chats × ${r.messagesPerChat} messages (${r.seeded.messages.toLocaleString("en")} messages in ${r.shard}, seeded in ${(r.seeded.ms / 1000).toFixed(1)} s, ${(r.seeded.bytes / 1e6).toFixed(0)} MB: ${Math.round(r.seeded.bytes / r.seeded.messages)} B a message with its indexes), ${r.runs} runs per query, GET /chat-sessions/search end to end on workerd + local D1`,
      `${"query".padEnd(width)}  p50 / p95          chats on page (limit 20)   target < 100 ms`,
      ...rows.map(([a, b, c]) => `${a!.padEnd(width)}  ${b!.padEnd(18)} ${c}`),
      "",
    ].join("\n"),
  );
  expect(r.results.length).toBeGreaterThan(0);
});
