// Gives each workerd test file a fresh product, as if it had the runtime to itself: the files share one runtime per
// vitest worker (vitest.workers.config.ts: `isolate: false`, which saves each file seconds of starting workerd and
// loading the worker's modules), so before each file this empties every binding's storage (D1, R2 and the Durable
// Objects: Miniflare keeps all three in objects, and `reset()` deletes them all and resets the live ones), puts back
// any env value an earlier file changed, then applies the real D1 migrations (the SQL files under migrations/) to the
// main database and those of migrations/chats/ to every chat shard, then the seeded rows (seeds/*.sql, as
// `npm start` and `npm run deploy` do). Spies and stubbed globals a test leaves behind are undone by vitest itself
// (vitest.workers.config.ts: `restoreMocks`, `unstubGlobals`).
import { applyD1Migrations, env, reset } from "cloudflare:test";
import { shardD1, shardNames } from "../../worker/db/shards";

/** The env as the runtime started, kept across the files that share it (this module is evaluated again for each). */
const ORIGINAL_ENV = Symbol.for("may.test-original-env");
const holder = globalThis as { [ORIGINAL_ENV]?: Record<string, unknown> };
holder[ORIGINAL_ENV] ??= { ...env };
const original = holder[ORIGINAL_ENV];
const mutableEnv = env as unknown as Record<string, unknown>;
for (const key of Object.keys(mutableEnv)) if (!(key in original)) delete mutableEnv[key];
Object.assign(mutableEnv, original);

await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (const name of shardNames(env)) await applyD1Migrations(shardD1(env, name), env.TEST_CHAT_MIGRATIONS);
for (const seed of env.TEST_SEEDS) await env.DB.batch(seed.queries.map((q) => env.DB.prepare(q)));
