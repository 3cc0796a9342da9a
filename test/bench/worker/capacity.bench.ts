// `npm run bench` (bench-worker): the measured inputs of the capacity model in the README ("## Capacity"), so its
// arithmetic starts from figures of this code, not guesses. On workerd with local D1 databases (the main one and the
// chat shards, migrated as `npm start` migrates them) and the offline model, capacity-runner.mjs signs users up, logs
// them in, creates chats and runs turns through the real Worker and Durable Object, and this file prints, per
// operation and per database (main vs chat shards): D1 round trips, statements (queries), rows written as D1 counts
// them, and bytes stored (growth of D1's meta.size_after); then the bytes of one stored message, question and answer
// apart, with their share of the full-text index. The last line is the same figures as JSON (`capacity-inputs {…}`)
// for whoever redoes the model's arithmetic.
// Alone: npx vitest run --config vitest.bench.config.ts --project bench-worker test/bench/worker/capacity.bench.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareLocalDatabase } from "../../../scripts/local-db.mjs";
import { runRunner } from "./run-runner";

let stateDir = "";

/** One database's share of an operation, averaged over the operations of its phase. */
interface Use {
  calls: number;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** Milliseconds D1 spent running the statements (meta.duration, local SQLite on this machine). */
  durationMs: number;
  /** Reads D1 answered without a meta (raw()): their rows are not in rowsRead. */
  withoutMeta: number;
  /** Growth of D1's size, in bytes. */
  bytes: number;
}
interface Phase {
  ops: number;
  main: Use;
  shards: Use;
}
interface PerMessage {
  messages: number;
  /** Bytes the message takes with everything its save writes (row, indexes, full-text index). */
  bytes: number;
  /** Of which its full-text index entries. */
  ftsBytes: number;
}
interface Inputs {
  users: number;
  chatters: number;
  turnsPerChat: number;
  shards: string[];
  questions: number;
  sizeSource: string;
  freePages: Record<string, number>;
  phases: Record<
    "signUp" | "logIn" | "newChat" | "firstTurn" | "openApp" | "nextTurn" | "picture" | "heartbeat",
    Phase
  >;
  /** Average UTF-8 bytes of a message's text. */
  text: { user: number; bot: number; messages: number };
  perMessage: { user: PerMessage; bot: PerMessage };
  /** Average bytes of one stored picture in R2 (the offline image model's 512×512 PNG). */
  imageObjectBytes: number;
  /** Average bytes of a user's Durable Object storage: users who had TURNS turns, and users who had one. */
  objects: { chatter: number; oneTurn: number | null };
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "may-capacity-bench-"));
  // the main database and every chat shard, migrated as `npm start` migrates them
  await prepareLocalDatabase({ persistTo: stateDir, stdio: "pipe" });
}, 120_000);

afterAll(() => {
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

const int = (n: number) => Math.round(n).toLocaleString("en");
const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const bytes = (n: number) => `${int(n)} B`;

/**
 * A database's share of one operation: "1 rt · 3 q · 14 rows · 6,124 B · 0.41 ms" (round trips, queries, rows
 * written, bytes, SQL time).
 */
function cell(u: Use): string {
  if (u.calls === 0 && u.bytes === 0) return "—";
  return `${num(u.calls)} rt · ${num(u.statements)} q · ${num(u.rowsWritten)} rows · ${bytes(u.bytes)} · ${u.durationMs.toFixed(2)} ms`;
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(" | ");
  return [line(head), ...rows.map(line)].join("\n");
}

it("prints the capacity model's inputs", () => {
  const r = runRunner("capacity-runner.mjs", [stateDir]) as Inputs;
  const p = r.phases;
  const ops: [string, Phase][] = [
    ["sign up (account, session, shard placement), per user", p.signUp],
    ["log in again (a new session), per login", p.logIn],
    ["create a chat, per chat", p.newChat],
    ["first turn in a new chat, per turn", p.firstTurn],
    [`next turn in an open chat, per turn (${p.nextTurn.ops} turns)`, p.nextTurn],
    ["open the app on a chat (chat list + its messages)", p.openApp],
    ["picture turn (offline 512×512 PNG), per turn", p.picture],
    ["socket heartbeat of an open app (every 20 s), per beat", p.heartbeat],
  ];
  const { user, bot } = r.perMessage;
  const message = (name: string, text: number, m: PerMessage) => [
    name,
    bytes(text),
    bytes(m.bytes - m.ftsBytes),
    bytes(m.ftsBytes),
    bytes(m.bytes),
  ];
  console.log(
    [
      "",
      `Capacity inputs: ${r.users} users signed up on ${r.shards.join(" + ")}, ${r.chatters} of them ${r.turnsPerChat} turns in one chat, answered by the offline model (${r.questions} questions in turn); workerd + local D1`,
      "Per operation and database, averaged: rt = D1 round trips, q = queries (statements), rows = rows written as D1 counts them (indexes and FTS triggers included), B = bytes the database grew (D1's meta.size_after), ms = SQL time (meta.duration, local SQLite)",
      table(
        ["operation", `main database (DB)`, `chat shards (${r.shards.join(", ")})`],
        ops.map(([name, phase]) => [name, cell(phase.main), cell(phase.shards)]),
      ),
      "",
      `Bytes per stored message in a chat shard (${user.messages} copies of the questions and ${bot.messages} of the answers, each saved in its own transaction)`,
      table(
        ["message", "text (UTF-8)", "row + its 3 indexes", "full-text index (FTS5)", "total"],
        [
          message("user question", r.text.user, user),
          message("bot answer (offline model)", r.text.bot, bot),
          message("one turn (question + answer)", r.text.user + r.text.bot, {
            messages: 0,
            bytes: user.bytes + bot.bytes,
            ftsBytes: user.ftsBytes + bot.ftsBytes,
          }),
        ],
      ),
      `R2: ${bytes(r.imageObjectBytes)} per offline picture (a provider's 1024×1024 picture is larger).`,
      `Durable Object storage per user (its hot state): ${bytes(r.objects.chatter)} after ${r.turnsPerChat} turns${r.objects.oneTurn === null ? "" : `, ${bytes(r.objects.oneTurn)} after one`}.`,
      `main database per active user: ${bytes(p.signUp.main.bytes)} at sign-up (user row, session, directory), ${bytes(p.logIn.main.bytes)} per further session, ${bytes(p.newChat.main.bytes)} per chat (its owner), ${bytes(p.firstTurn.main.bytes)} per day with a turn (that day's usage count).`,
      "",
      `capacity-inputs ${JSON.stringify(r)}`,
      "",
    ].join("\n"),
  );
  expect(p.nextTurn.shards.bytes).toBeGreaterThan(0);
}, 600_000);
