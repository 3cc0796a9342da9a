// Applies the real D1 migrations (the SQL files under migrations/) before each test file; storage is per file.
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
