// The workerd half of the capacity benchmark (capacity.bench.ts runs it as a child process: Miniflare does not start
// inside vitest's module runner). Runs bench-entry.ts (the real Worker and Durable Object, every D1 binding metered)
// on workerd through Miniflare over local D1 databases already migrated (the main one and the chat shards), answered
// by the offline model, and measures what the capacity model in the README multiplies:
//   - D1 traffic per operation and per database (main vs chat shards): round trips, statements, rows read and rows
//     written as D1 reports them in each result's meta (rows_written counts index entries and the rows the FTS5
//     triggers write);
//   - bytes stored per operation and per database: the growth of D1's own size figure (meta.size_after, the
//     database file's pages × page size; PRAGMA page_count and the dbstat table are not allowed in local D1), read
//     before and after each phase with a query that changes nothing;
//   - bytes per stored message, the question and the answer apart, with and without their full-text index: the saved
//     messages are copied one statement each (one transaction, as a save is), so the triggers index the copies as they
//     indexed the originals, then their index entries alone are added to the FTS5 table directly;
//   - bytes of each user's Durable Object storage (its hot state), through an RPC of bench-entry.ts's object.
// Phases, in order, each on every user: sign up, log in again (a second session), create a chat, its first turn,
// open the app on that chat (the list, the chat's messages); then the next turns in it for the first CHATTERS users,
// a picture for the first IMAGES, and the heartbeats of the open app's socket (every 20 s in the SPA) of the first
// SOCKETS. Before them,
// the free pages each database has (migrations that rebuilt tables leave some) are used up, so sizes grow by what the
// phases store. Prints one JSON line.
// Usage: node capacity-runner.mjs <migrated state dir>
// Environment: USERS (default 200: the main database's rows are small, and sizes grow a 4 KB page at a time),
// CHATTERS (the first users, who go on chatting, default 40), TURNS per chat for them (default 6, the first
// included), IMAGES (users who draw one picture, default 5), COPIES of each message for the per-message figures
// (default 2), SOCKETS (users whose app keeps its socket open and beats HEARTBEATS times, default 20).
import { join } from "node:path";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleWorker, chatShardBindings, postJson, startWorkerd } from "./workerd.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const [stateDir] = process.argv.slice(2);
const USERS = Number(process.env.USERS ?? 200);
const CHATTERS = Math.min(USERS, Number(process.env.CHATTERS ?? 40));
const TURNS = Number(process.env.TURNS ?? 6);
const IMAGES = Number(process.env.IMAGES ?? 5);
const COPIES = Number(process.env.COPIES ?? 2);
const SOCKETS = Math.min(Number(process.env.SOCKETS ?? 20), Number(process.env.USERS ?? 200));
const HEARTBEATS = 5;
const MAIN = "DB";
const SHARDS = chatShardBindings();
const base = "http://bench.local";

/**
 * What users ask, in turn: everyday questions and the offline model's showcases (a code block, a formula, a
 * diagram), in the four languages the app speaks. Its answers are what a "typical answer" means in these figures.
 */
const QUESTIONS = [
  "Thời tiết Hà Nội hôm nay thế nào, có nên mang áo mưa không?",
  "How do I cook a good bowl of phở bò at home?",
  "Write a Python function that removes duplicates from a list",
  "Viết công thức tích phân từng phần và một ví dụ",
  "Нарисуй блок-схему процесса оформления заказа",
  "画一个流程图，说明用户注册的步骤",
  "Explain the difference between TCP and UDP in simple terms",
  "Tóm tắt giúp tôi các ý chính của một kế hoạch kinh doanh quán cà phê",
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const bundle = await bundleWorker(join(HERE, "bench-entry.ts"), join(stateDir, "capacity-worker.mjs"));
const mf = await startWorkerd({
  bundle,
  stateDir,
  bindings: { JWT_SECRET: "bench-secret", OFFLINE_MODEL_DELAY_MS: "0" },
});
const fetcher = (path, init) => mf.dispatchFetch(`${base}${path}`, init);
const d1 = Object.fromEntries(await Promise.all([MAIN, ...SHARDS].map(async (b) => [b, await mf.getD1Database(b)])));

/** D1's size of each database now, in bytes (meta.size_after of a query that reads and writes nothing). */
async function sizes() {
  const out = {};
  for (const [binding, db] of Object.entries(d1)) out[binding] = (await db.prepare("SELECT 1").run()).meta.size_after;
  return out;
}

/**
 * Uses up a database's free pages (left by migrations that rebuilt tables), so the phases' rows go to new pages and
 * the database's size grows by what they take: rows of one page each go into a table of the benchmark's own until
 * the size grows. Returns the bytes that took.
 */
async function fillFreePages(db) {
  await db.prepare("CREATE TABLE bench_free_pages (b BLOB)").run();
  const start = (await db.prepare("SELECT 1").run()).meta.size_after;
  for (let i = 0; i < 100_000; i++) {
    const { meta } = await db.prepare("INSERT INTO bench_free_pages (b) VALUES (zeroblob(3000))").run();
    if (meta.size_after > start) return i * 4096;
  }
  throw new Error("the database never grew");
}

/** The metered D1 use since the last call, per binding (bench-entry.ts); `keep` leaves the counters running. */
async function meter(keep = false) {
  return (await (await fetcher(`/__bench/d1${keep ? "?keep" : ""}`)).json()).byDb;
}

/**
 * Waits until the writes a phase left running have landed (a turn is saved after its [DONE]): `done` is true in D1
 * and the metered statements stopped growing between two reads.
 */
async function settle(done) {
  for (let i = 0; i < 2000 && !(await done()); i++) await sleep(5);
  let last = -1;
  for (;;) {
    const now = Object.values(await meter(true)).reduce((sum, use) => sum + use.statements, 0);
    if (now === last) return;
    last = now;
    await sleep(20);
  }
}

const FIELDS = ["calls", "statements", "rowsRead", "rowsWritten", "durationMs", "withoutMeta"];

/** Per operation: the phase's metered use and size growth, the main database apart from the shards together. */
function perOp(ops, use, before, after) {
  const of = (bindings) => {
    const row = {};
    for (const f of FIELDS) row[f] = bindings.reduce((sum, b) => sum + (use[b]?.[f] ?? 0), 0) / ops;
    row.bytes = bindings.reduce((sum, b) => sum + (after[b] - before[b]), 0) / ops;
    return row;
  };
  return { ops, main: of([MAIN]), shards: of(SHARDS) };
}

/** Runs `body` as one measured phase of `ops` operations (its name and time go to stderr, as progress). */
async function phase(name, ops, body, done = async () => true) {
  const t0 = performance.now();
  await meter();
  const before = await sizes();
  await body();
  await settle(done);
  process.stderr.write(`capacity: ${name}, ${ops} times, ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return perOp(ops, await meter(), before, await sizes());
}

const json = (token, body) => postJson(body, token ? { Authorization: `Bearer ${token}` } : {});

async function ok(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** Asks a question and reads the answer to its end. */
async function ask(user, question) {
  const res = await ok(
    await fetcher("/api/chat/gpt-4.1-mini", json(user.token, { question, chat_id: user.chat })),
    "ask",
  );
  const text = await res.text();
  if (!text.includes('"content"')) throw new Error(`no answer: ${text.slice(0, 300)}`);
}

/** The number of messages saved in the user's chat, read in the user's shard. */
async function savedMessages(user) {
  return d1[user.shard].prepare("SELECT count(*) AS n FROM messages WHERE chat_id = ?1").bind(user.chat).first("n");
}

try {
  const freePages = {};
  for (const [binding, db] of Object.entries(d1)) freePages[binding] = await fillFreePages(db);
  const users = Array.from({ length: USERS }, (_, i) => ({
    email: `capacity-${i}-${crypto.randomUUID()}@example.com`,
    password: "capacity password 1",
    id: "",
    token: "",
    chat: "",
    shard: "",
  }));

  // Signs up from a local caller (no CF-Connecting-IP): the per-IP sign-up counter, a short-lived row per network,
  // is left out of the per-user figures.
  const signUp = await phase("sign up", USERS, async () => {
    for (const u of users) {
      const res = await ok(
        await fetcher("/auth/register", json(null, { name: "Capacity", email: u.email, password: u.password })),
        "register",
      );
      const { data } = await res.json();
      u.token = data.token;
      u.id = data.user.id;
    }
  });
  // Each user's shard, from the directory (no row: the main database).
  const placed = new Map(
    (await d1[MAIN].prepare("SELECT user_id, shard FROM user_shards").all()).results.map((r) => [r.user_id, r.shard]),
  );
  for (const u of users) u.shard = placed.get(u.id) ?? MAIN;

  const logIn = await phase("log in", USERS, async () => {
    for (const u of users) {
      const res = await ok(await fetcher("/auth/login", json(null, { email: u.email, password: u.password })), "login");
      u.token = (await res.json()).data.token;
    }
  });

  const newChat = await phase("new chat", USERS, async () => {
    for (const u of users) {
      const body = await (
        await ok(await fetcher("/chat-sessions", json(u.token, { title: "New Chat" })), "chat")
      ).json();
      u.chat = body.data.id;
    }
  });

  let asked = 0;
  const nextQuestion = () => QUESTIONS[asked++ % QUESTIONS.length];
  /** True once each of `who` has `messages` messages saved in their chat. */
  const saved = (who, messages) => async () => {
    for (const u of who) if ((await savedMessages(u)) < messages) return false;
    return true;
  };
  const firstTurn = await phase(
    "first turn",
    USERS,
    async () => {
      for (const u of users) await ask(u, nextQuestion());
    },
    saved(users, 2),
  );

  // Opening the app on a chat: the list of chats, then the chat's newest messages.
  const openApp = await phase("open the app", USERS, async () => {
    for (const u of users) {
      const headers = { Authorization: `Bearer ${u.token}` };
      await (await ok(await fetcher("/chat-sessions?limit=30", { headers }), "list")).arrayBuffer();
      await (await ok(await fetcher(`/chat-sessions/${u.chat}/content`, { headers }), "content")).arrayBuffer();
    }
  });

  const chatters = users.slice(0, CHATTERS);
  const nextTurn = await phase(
    "next turn",
    CHATTERS * (TURNS - 1),
    async () => {
      // user by user: each user's turns one after the other, as one person chats
      for (const u of chatters) for (let t = 1; t < TURNS; t++) await ask(u, nextQuestion());
    },
    saved(chatters, 2 * TURNS),
  );

  const drawers = users.slice(0, IMAGES);
  const picture = await phase(
    "picture",
    IMAGES,
    async () => {
      for (const u of drawers) {
        const res = await ok(
          await fetcher(
            "/api/chat/image",
            json(u.token, { question: "Vẽ một con mèo ngồi trên mây", chat_id: u.chat }),
          ),
          "image",
        );
        await res.json();
      }
    },
    saved(drawers, 2 * TURNS + 2),
  );
  let imageBytes = 0;
  for (const u of drawers)
    imageBytes += await d1[u.shard]
      .prepare("SELECT coalesce(sum(size), 0) AS b FROM images WHERE user_id = ?1")
      .bind(u.id)
      .first("b");

  // The open app's socket: it authenticates, then beats (web/src/features/socket/signed-in/socket-client.ts).
  const sockets = [];
  for (const u of users.slice(0, SOCKETS)) {
    const res = await fetcher("/ws", { headers: { Upgrade: "websocket", Authorization: `Bearer ${u.token}` } });
    const ws = res.webSocket;
    if (!ws) throw new Error(`socket: ${res.status} ${await res.text()}`);
    ws.accept();
    const authenticated = new Promise((resolve) =>
      ws.addEventListener("message", (e) => {
        if (JSON.parse(String(e.data)).type === "authenticated") resolve();
      }),
    );
    ws.send(JSON.stringify({ type: "authenticate", userId: u.id }));
    await authenticated;
    sockets.push({ ws, user: u });
  }
  const heartbeat = await phase(
    "heartbeat",
    SOCKETS * HEARTBEATS,
    async () => {
      for (let beat = 0; beat < HEARTBEATS; beat++)
        for (const { ws, user } of sockets) ws.send(JSON.stringify({ type: "heartbeat", userId: user.id }));
    },
    // every beat has reached the main database
    async () => ((await meter(true))[MAIN]?.calls ?? 0) >= SOCKETS * HEARTBEATS,
  );
  for (const { ws } of sockets) ws.close();

  // Each user's Durable Object keeps its hot state in its own SQLite storage: its size, for those who chatted on
  // (TURNS turns) and those who stopped after their first turn.
  const objectBytes = async (who) => {
    let sum = 0;
    for (const u of who)
      sum += (await (await fetcher(`/__bench/object-bytes?user=${encodeURIComponent(u.id)}`)).json()).bytes;
    return sum / who.length;
  };
  const objects = {
    chatter: await objectBytes(chatters),
    oneTurn: USERS > CHATTERS ? await objectBytes(users.slice(CHATTERS)) : null,
  };

  // The text stored per message, as UTF-8 bytes, over the chat turns' messages (the picture's left out).
  const text = { user: { n: 0, bytes: 0 }, bot: { n: 0, bytes: 0 } };
  for (const shard of SHARDS) {
    const { results } = await d1[shard]
      .prepare(
        `SELECT sender, count(*) AS n, sum(length(CAST(message AS BLOB))) AS bytes FROM messages
         WHERE is_image_mode = 0 GROUP BY sender`,
      )
      .all();
    for (const r of results) {
      text[r.sender].n += r.n;
      text[r.sender].bytes += r.bytes;
    }
  }

  // Bytes per message: copies of the chat turns' messages in every shard, one statement (one transaction) each, as a
  // save is one. Sizes grow a page at a time and the full-text index merges its segments now and then, so the
  // figures are averages over many copies.
  const perMessage = { user: { messages: 0, bytes: 0, ftsBytes: 0 }, bot: { messages: 0, bytes: 0, ftsBytes: 0 } };
  for (const shard of SHARDS) {
    const db = d1[shard];
    const columns = (await db.prepare("SELECT name FROM pragma_table_info('messages')").all()).results
      .map((c) => c.name)
      .filter((c) => c !== "id" && c !== "message_id");
    const list = columns.join(", ");
    const sizeOf = async () => (await db.prepare("SELECT 1").run()).meta.size_after;
    for (const sender of ["user", "bot"]) {
      const { results } = await db
        .prepare("SELECT id FROM messages WHERE sender = ?1 AND is_image_mode = 0 ORDER BY id")
        .bind(sender)
        .all();
      const ids = results.map((r) => r.id);
      let before = await sizeOf();
      for (let copy = 0; copy < COPIES; copy++)
        for (const id of ids)
          await db
            .prepare(
              `INSERT INTO messages (message_id, ${list}) SELECT message_id || '~' || ?2, ${list} FROM messages WHERE id = ?1`,
            )
            .bind(id, copy)
            .run();
      const m = perMessage[sender];
      m.bytes += (await sizeOf()) - before;
      // The full-text index alone: the same entries as the trigger writes, under row ids no message uses.
      before = await sizeOf();
      for (let copy = 0; copy < COPIES; copy++)
        for (const id of ids)
          await db
            .prepare(
              `INSERT INTO message_fts (rowid, body, owner, chat, chat_id)
               SELECT ?2 + id, message, 'u' || hex(user_id), 'c' || hex(chat_id), chat_id FROM messages WHERE id = ?1`,
            )
            .bind(id, 1_000_000_000 * (copy + 1))
            .run();
      m.ftsBytes += (await sizeOf()) - before;
      m.messages += ids.length * COPIES;
    }
  }
  for (const m of Object.values(perMessage)) {
    m.bytes /= m.messages;
    m.ftsBytes /= m.messages;
  }

  console.log(
    JSON.stringify({
      users: USERS,
      chatters: CHATTERS,
      turnsPerChat: TURNS,
      shards: SHARDS,
      questions: QUESTIONS.length,
      sizeSource: "D1 meta.size_after",
      freePages,
      phases: { signUp, logIn, newChat, firstTurn, nextTurn, openApp, picture, heartbeat },
      text: {
        user: text.user.bytes / text.user.n,
        bot: text.bot.bytes / text.bot.n,
        messages: text.user.n + text.bot.n,
      },
      perMessage,
      imageObjectBytes: imageBytes / IMAGES,
      objects,
    }),
  );
} finally {
  await mf.dispose();
}
