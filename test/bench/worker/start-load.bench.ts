// `npm run bench` (bench-worker): `npm start` under many users at once (issue 23, point 2). Starts
// `node scripts/start.mjs` as a user would (a throwaway state folder that it migrates itself, a free port, the last
// build when there is one), with its models routed to the fake OpenAI-compatible upstream (fast-upstream.mjs, in its
// own process) that streams STREAM_TOKENS tokens STREAM_GAP_MS apart, the pace of the offline model, so every stream
// carries a chunk every 25 ms as a provider's would. Then prints the time to the first token (p50 / p95, from the
// request to the first `"content"` event) for 1 stream at a time, 10 and 50 concurrent streams, whether every
// concurrent stream ran to its end, each beside its goal and the machine's load average while it ran (the CPU is
// shared: a high load explains a slow figure). Every user's first turn is a warm-up, not measured, as for the single
// stream: it wakes the user's Durable Object and runs while the sign-ups' own work may still be going on.
// Alone: npx vitest run --config vitest.bench.config.ts --project bench-worker test/bench/worker/start-load.bench.ts
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePorts } from "../../browser/support/product";

const ROOT = join(import.meta.dirname, "../../..");
/** Tokens of every answer after the first one, and the pause between two, in milliseconds: a 5 s answer. */
const STREAM_TOKENS = 200;
const STREAM_GAP_MS = 25;
/** Single streams measured one after another (after one warm-up turn that is not counted). */
const SINGLE_RUNS = 5;
/**
 * Measured rounds of the 10 and of the 50 concurrent streams, each round with the same users, after a warm-up round (a
 * free user has 50 turns a day, and 30 a minute at most).
 */
const ROUNDS_10 = 3;
const ROUNDS_50 = 2;
/** Goals: the 10 streams' p50 at most this many milliseconds above the single stream's; the 50 streams' p50 at most. */
const GOAL_10_ABOVE_1_MS = 50;
const GOAL_50_P50_MS = 300;
/** How long the product may take to answer /api/health (it migrates its state folder first), in milliseconds. */
const STARTUP_TIMEOUT_MS = 180_000;
/**
 * How long one request may take, its whole stream included, in milliseconds (an answer takes 5 s): a stream that stalls
 * past it counts as not complete instead of holding the bench.
 */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long it may take to stop after SIGINT (Ctrl+C) before it is killed, in milliseconds. */
const STOP_TIMEOUT_MS = 15_000;

let upstream: ChildProcess | undefined;
let product: ChildProcess | undefined;
let productLog = "";
/** Times the product printed that it ran out of file descriptors (what wrangler dev's inspector proxy led to). */
let emfile = 0;

let stateDir = "";
let base = "";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const load = () => loadavg()[0]!.toFixed(2);

beforeAll(async () => {
  upstream = spawn(process.execPath, [join(import.meta.dirname, "fast-upstream.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const upstreamPort = await new Promise<string>((resolve) =>
    upstream!.stdout!.once("data", (d) => resolve(String(d).trim())),
  );
  const routes = JSON.stringify({
    "gpt-4.1-mini": { provider: "openai-compatible", model: `gap-${STREAM_GAP_MS}-t${STREAM_TOKENS}` },
  });
  const [port] = await freePorts(1);
  stateDir = mkdtempSync(join(tmpdir(), "may-bench-start-"));
  base = `http://127.0.0.1:${port}`;
  product = spawn(
    process.execPath,
    [
      "scripts/start.mjs",
      "--var",
      `OPENAI_COMPATIBLE_BASE_URL:http://127.0.0.1:${upstreamPort}/v1`,
      "--var",
      `MODEL_ROUTES:${routes}`,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PERSIST_DIR: stateDir,
        // the last build when there is one (the client bench has just made it); else start.mjs builds
        ...(existsSync(join(ROOT, "dist/client/index.html")) ? { SKIP_BUILD: "1" } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
      // its own process group, as a terminal's: SIGINT reaches start.mjs and whatever it started, like Ctrl+C
      detached: true,
    },
  );
  const keep = (d: Buffer) => {
    emfile += String(d).match(/Too many open files|EMFILE/g)?.length ?? 0;
    productLog = (productLog + d).slice(-20_000);
  };
  product.stdout!.on("data", keep);
  product.stderr!.on("data", keep);
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > STARTUP_TIMEOUT_MS || product.exitCode !== null) {
      throw new Error(`npm start did not start:\n${productLog.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}, STARTUP_TIMEOUT_MS + 30_000);

afterAll(async () => {
  upstream?.kill();
  if (product?.pid && product.exitCode === null) {
    const exited = new Promise((resolve) => product!.once("exit", resolve));
    process.kill(-product.pid, "SIGINT");
    const timer = setTimeout(() => process.kill(-product!.pid!, "SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}, STOP_TIMEOUT_MS + 5_000);

const json = (token: string | null, body: unknown): RequestInit & { headers: Record<string, string> } => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
  signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
});

let registered = 0;

/** A new user with one chat. Each signs up from its own client address, so the per-IP sign-up limit does not stop it. */
async function newUser(): Promise<{ token: string; chat: string }> {
  const n = ++registered;
  const init = json(null, {
    name: "Bench",
    email: `bench-${crypto.randomUUID()}@example.com`,
    password: "bench password 1",
  });
  init.headers["CF-Connecting-IP"] = `198.18.${(n >> 8) & 255}.${n & 255}`;
  const res = await fetch(`${base}/auth/register`, init);
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  const chat = (await (await fetch(`${base}/chat-sessions`, json(token, { title: "Bench" }))).json()) as {
    data: { id?: string; data?: { id: string } };
  };
  return { token, chat: chat.data.data?.id ?? chat.data.id! };
}

/** `count` users, signed up ten at a time (each sign-up hashes a password: all at once would only queue). */
async function newUsers(count: number) {
  const users: Awaited<ReturnType<typeof newUser>>[] = [];
  while (users.length < count) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, count - users.length) }, newUser))));
  }
  return users;
}

/**
 * One turn: milliseconds from the request to the first `"content"` event (null when none came), and whether the
 * stream ran to its end ([DONE], every token, no error event).
 */
async function turn(user: { token: string; chat: string }): Promise<{ firstMs: number | null; complete: boolean }> {
  const start = performance.now();
  let firstMs: number | null = null;
  try {
    const res = await fetch(
      `${base}/api/chat/gpt-4.1-mini`,
      json(user.token, { question: "Xin chào, hello", chat_id: user.chat }),
    );
    if (!res.ok || !res.body) return { firstMs, complete: false };
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (firstMs === null && text.includes('"content"')) firstMs = performance.now() - start;
    }
    const contents = text.match(/"content"/g)?.length ?? 0;
    // the upstream sends its greeting and STREAM_TOKENS tokens; the worker may merge a few into one event
    const complete = text.includes("data: [DONE]") && !text.includes('"error"') && contents > 1;
    return { firstMs, complete };
  } catch {
    return { firstMs, complete: false };
  }
}

/**
 * A warm-up round, then `rounds` rounds of one concurrent turn per user; the first-token times of the measured ones,
 * and how many of them ran to their end.
 */
async function concurrent(users: Awaited<ReturnType<typeof newUsers>>, rounds: number) {
  await Promise.all(users.map(turn));
  const firsts: number[] = [];
  let complete = 0;
  let loads = 0;
  for (let r = 0; r < rounds; r++) {
    const results = await Promise.all(users.map(turn));
    for (const t of results) {
      if (t.firstMs !== null) firsts.push(t.firstMs);
      if (t.complete) complete++;
    }
    loads += loadavg()[0]!;
  }
  return {
    firsts,
    complete,
    total: users.length * rounds,
    load: (loads / rounds).toFixed(2),
  };
}

it("prints `npm start`'s first-token times under 1, 10 and 50 concurrent streams", async () => {
  const [single] = await newUsers(1);
  await turn(single!); // warm-up: the runtime's first compilations and the chat's first turn
  const singleFirsts: number[] = [];
  let singleComplete = 0;
  for (let i = 0; i < SINGLE_RUNS; i++) {
    const t = await turn(single!);
    if (t.firstMs !== null) singleFirsts.push(t.firstMs);
    if (t.complete) singleComplete++;
  }
  const singleLoad = load();
  const ten = await concurrent(await newUsers(10), ROUNDS_10);
  const fifty = await concurrent(await newUsers(50), ROUNDS_50);

  const ms = (xs: number[]) => (xs.length > 0 ? `${pct(xs, 50).toFixed(0)} / ${pct(xs, 95).toFixed(0)} ms` : "n/a");
  /** How many streams of a row had a first token at all, when some had none (their times are not in its figures). */
  const got = (xs: number[], total: number) => (xs.length < total ? ` (${xs.length} of ${total} had one)` : "");
  const p50 = (xs: number[]) => (xs.length > 0 ? pct(xs, 50) : Number.NaN);
  const rows: [what: string, measured: string, goal: string, load: string][] = [
    [
      `first token, 1 stream (${SINGLE_RUNS} turns one after another, after a warm-up)`,
      `${ms(singleFirsts)}${got(singleFirsts, SINGLE_RUNS)}`,
      "(reference)",
      singleLoad,
    ],
    [
      `first token, 10 concurrent streams (${ROUNDS_10} rounds after a warm-up)`,
      `${ms(ten.firsts)} (p50 ${(p50(ten.firsts) - p50(singleFirsts)).toFixed(0)} ms above 1 stream)${got(ten.firsts, ten.total)}`,
      `p50 within ${GOAL_10_ABOVE_1_MS} ms of the 1-stream figure`,
      ten.load,
    ],
    [
      `first token, 50 concurrent streams (${ROUNDS_50} rounds after a warm-up)`,
      `${ms(fifty.firsts)}${got(fifty.firsts, fifty.total)}`,
      `p50 ≤ ${GOAL_50_P50_MS} ms`,
      fifty.load,
    ],
    [
      "streams that ran to their end: 1 / 10 / 50 concurrent",
      `${singleComplete}/${SINGLE_RUNS} · ${ten.complete}/${ten.total} · ${fifty.complete}/${fifty.total}` +
        (emfile > 0 ? ` ("Too many open files" ×${emfile} in its output)` : ""),
      "all 50 complete",
      fifty.load,
    ],
  ];
  const header: (typeof rows)[number] = ["what", "measured (p50 / p95)", "goal", "load avg (1 min)"];
  const width = (i: number) => Math.max(...[header, ...rows].map((row) => row[i]!.length));
  const line = (row: readonly string[]) => row.map((cell, i) => cell.padEnd(width(i))).join(" | ");
  console.log(
    `\n\`npm start\` under load (issue 23, point 2; ${STREAM_TOKENS} tokens ${STREAM_GAP_MS} ms apart per stream, ` +
      `${availableParallelism()} cores)\n${line(header)}\n${rows.map(line).join("\n")}`,
  );
  expect(rows).toHaveLength(4);
  for (const row of rows) expect(row).toHaveLength(4);
}, 600_000);
