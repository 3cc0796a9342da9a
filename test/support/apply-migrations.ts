// Applies the real D1 migrations (the SQL files under migrations/) before each test file to the main database and
// those of migrations/chats/ to every chat shard, then the seeded rows (seeds/*.sql, as `npm start` and
// `npm run deploy` do); storage is per file.
import { applyD1Migrations, env } from "cloudflare:test";
import { shardD1, shardNames } from "../../worker/db/shards";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (const name of shardNames(env)) await applyD1Migrations(shardD1(env, name), env.TEST_CHAT_MIGRATIONS);
for (const seed of env.TEST_SEEDS) await env.DB.batch(seed.queries.map((q) => env.DB.prepare(q)));
