// The workerd half of the history search benchmark (history-search.bench.ts runs it as a child process: Miniflare
// does not start inside vitest's module runner). Bundles the real Worker, runs it on workerd through Miniflare with
// local D1 databases already migrated (the main one and the chat shards), registers one user, seeds CHATS chats ×
// MESSAGES_PER_CHAT messages for that user with SQL inside the D1 database that holds the user's chats (the chat shard
// the main database's directory, user_shards, names), using recursive CTEs (no multi-megabyte SQL file to parse), so
// the FTS5 triggers index everything as the saves would, and records each chat's owner in the main database as a
// create does. Then it times GET /chat-sessions/search end to end (worker + D1) for a set of queries, and prints one
// JSON line.
// Usage: node history-search-runner.mjs <migrated state dir>
// Environment: CHATS (default 10000), MESSAGES_PER_CHAT (default 100), RUNS per query (default 30).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleWorker, startWorkerd } from "./workerd.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../../..");
const [stateDir] = process.argv.slice(2);
const CHATS = Number(process.env.CHATS ?? 10_000);
const MESSAGES_PER_CHAT = Number(process.env.MESSAGES_PER_CHAT ?? 100);
const RUNS = Number(process.env.RUNS ?? 30);
const WARMUP_RUNS = 3;
/** Messages inserted per statement: large enough to be quick, small enough for D1's per-statement limits. */
const CHUNK = 50_000;
/** Words of one seeded message. */
const WORDS_PER_MESSAGE = 12;

/**
 * Common words, each drawn for 30% of word slots in turn (so each is in roughly 3% of messages): real Vietnamese
 * (with its marks) and English. The other 70% of slots are rare tokens k0..k19999 (each in ~0.04% of messages).
 */
const COMMON = [
  "phở",
  "bò",
  "hà",
  "nội",
  "thời",
  "tiết",
  "hôm",
  "nay",
  "đà",
  "nẵng",
  "đúng",
  "không",
  "cảm",
  "ơn",
  "giúp",
  "tôi",
  "weather",
  "today",
  "recipe",
  "python",
  "error",
  "meeting",
  "travel",
  "budget",
  "summary",
  "translate",
  "email",
  "plan",
  "news",
  "price",
  "train",
  "hotel",
  "java",
  "react",
  "database",
  "market",
  "football",
  "music",
  "health",
  "school",
];

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function seed({ main, db }, userId) {
  const started = performance.now();
  // D1's size of the user's database (meta.size_after), before and after: the bytes the history takes, indexes included.
  const sizeOf = async () => (await db.prepare("SELECT 1").run()).meta.size_after;
  const sizeBefore = await sizeOf();
  // The words as a bound JSON array: json_extract picks one per evaluation of random().
  const vocab = JSON.stringify(COMMON);
  const now = Date.now();
  const DAY = 86_400_000;
  // Chats: spread over the last two years, titles with a common word and a rare token.
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
       INSERT INTO chat_sessions (id, user_id, title, status, is_starred, created_at, updated_at, last_message_at)
       -- JavaScript numbers may bind as REAL: every id is built from integers only.
       SELECT 'chat-' || i, ?2,
              'Chat ' || json_extract(?5, '$[' || (i % ${COMMON.length}) || ']') || ' k' || (i * 7 % 20000),
              'active', 0, ?3 - i * ?4, ?3 - i * ?4, ?3 - i * ?4
       FROM n`,
    )
    .bind(CHATS, userId, now, Math.floor((2 * 365 * DAY) / CHATS), vocab)
    .run();
  // Each chat's owner in the main database (chat_owners), which a create writes beside the chat.
  await main
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
       INSERT INTO chat_owners (chat_id, user_id) SELECT 'chat-' || i, ?2 FROM n`,
    )
    .bind(CHATS, userId)
    .run();
  const word = `(CASE WHEN abs(random()) % 100 < 30 THEN json_extract(?6, '$[' || (abs(random()) % ${COMMON.length}) || ']') ELSE 'k' || (abs(random()) % 20000) END)`;
  const text = Array.from({ length: WORDS_PER_MESSAGE }, () => word).join(" || ' ' || ");
  const total = CHATS * MESSAGES_PER_CHAT;
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
         INSERT INTO messages (chat_id, user_id, message_id, sender, message, created_at, updated_at)
         SELECT 'chat-' || (i / CAST(?3 AS INTEGER)), ?4, 'm' || i, CASE WHEN i % 2 = 0 THEN 'user' ELSE 'bot' END, ${text}, ?5 + i, ?5 + i
         FROM n`,
      )
      .bind(from, to, MESSAGES_PER_CHAT, userId, now - 3 * 365 * DAY, vocab)
      .run();
  }
  // A few needles: one rare word in 10 messages, for the "find an old chat by one word" case.
  await db
    .prepare(
      `UPDATE messages SET message = message || ' okapi' WHERE id IN (SELECT id FROM messages WHERE user_id = ?1 ORDER BY id LIMIT 10 OFFSET ?2)`,
    )
    .bind(userId, Math.floor(total / 2))
    .run();
  return { ms: performance.now() - started, messages: total, bytes: (await sizeOf()) - sizeBefore };
}

const QUERIES = [
  ["rare word in 10 messages", "okapi"],
  ["rare token (~0.1% of messages)", "k12345"],
  ["common word without marks (pho → phở, ~3%)", "pho"],
  ["two common words (hà nội)", "ha noi"],
  ["common English word (~3%)", "weather"],
  ["prefix as you type", "trav"],
  ["no match", "zzzzqqq"],
];

async function time(fetcher, url, token) {
  const start = performance.now();
  const res = await fetcher(url, { headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, count: body.data.length };
}

const bundle = await bundleWorker(join(ROOT, "worker/index.ts"), join(stateDir, "history-search-worker.mjs"));

const mf = await startWorkerd({
  bundle,
  stateDir,
  bindings: { JWT_SECRET: "bench-secret", OFFLINE_MODEL_DELAY_MS: "0" },
});
try {
  const base = "http://bench.local";
  const fetcher = (url, init) => mf.dispatchFetch(url, init);
  const reg = await fetcher(`${base}/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Bench",
      email: `bench-${Date.now()}@example.com`,
      password: "correct horse battery",
    }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const { data } = await reg.json();
  const main = await mf.getD1Database("DB");
  // The user's chats live in the shard the directory names (none: the main database, a user placed before shards).
  const shard =
    (await main.prepare("SELECT shard FROM user_shards WHERE user_id = ?1").bind(data.user.id).first("shard")) ?? "DB";
  const seeded = await seed({ main, db: await mf.getD1Database(shard) }, data.user.id);
  const results = [];
  // The floor on this machine: an authenticated call with one small D1 query and no search.
  const floor = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await fetcher(`${base}/chat-sessions?limit=1`, { headers: { Authorization: `Bearer ${data.token}` } });
    await res.arrayBuffer();
    floor.push(performance.now() - start);
  }
  results.push({
    label: "baseline: GET /chat-sessions?limit=1 (no search)",
    q: "",
    p50: pct(floor, 50),
    p95: pct(floor, 95),
    count: null,
  });
  for (const [label, q] of QUERIES) {
    const url = `${base}/chat-sessions/search?q=${encodeURIComponent(q)}&limit=20`;
    for (let i = 0; i < WARMUP_RUNS; i++) await time(fetcher, url, data.token);
    const times = [];
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await time(fetcher, url, data.token);
      times.push(r.ms);
      count = r.count;
    }
    results.push({ label, q, p50: pct(times, 50), p95: pct(times, 95), count });
  }
  // The search read the database the messages were seeded into: the needle's chats are found.
  if (!results.some((r) => r.q === "okapi" && r.count > 0))
    throw new Error(`the search did not find the messages seeded into ${shard}`);
  // Inside one chat: the newest chat, a common word.
  const inChat = [];
  for (let i = 0; i < RUNS; i++)
    inChat.push((await time(fetcher, `${base}/chat-sessions/search?q=pho&chat_id=chat-0`, data.token)).ms);
  results.push({ label: "inside one chat (pho)", q: "pho", p50: pct(inChat, 50), p95: pct(inChat, 95), count: null });
  console.log(JSON.stringify({ chats: CHATS, messagesPerChat: MESSAGES_PER_CHAT, shard, seeded, runs: RUNS, results }));
} finally {
  await mf.dispose();
}
