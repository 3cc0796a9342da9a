// Applies the real D1 migrations (the SQL files under migrations/) before each test file, then the seeded rows
// (seeds/*.sql, as `npm start` and `npm run deploy` do); storage is per file.
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (const seed of env.TEST_SEEDS) await env.DB.batch(seed.queries.map((q) => env.DB.prepare(q)));
