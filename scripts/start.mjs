#!/usr/bin/env node
// `npm start`: builds the SPA, applies the D1 migrations and the seeded rows (seeds/feeds.sql) to the local database
// and serves the whole product (SPA, API, media, /ws, local D1/R2/Durable Objects) with wrangler at
// http://localhost:8787 — offline, no key needed.
// Environment: PORT (default 8787), HOST (default localhost), PERSIST_DIR (local state, default .wrangler/state),
// SKIP_BUILD=1 to serve the last build, SKIP_MIGRATIONS=1 to serve a state folder already migrated and seeded (the
// browser tests prepare one and copy it for each of their products). Extra arguments go to `wrangler dev` as they
// are, e.g. `node scripts/start.mjs --var GOOGLE_CLIENT_ID:my-id` (the browser tests' fake Google is set up this way).
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./dev-vars.mjs";
import { OFFLINE_WRANGLER_ENV, prepareLocalDatabase } from "./local-db.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT || "8787";
const host = process.env.HOST || "localhost";
const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
const env = { ...process.env, ...OFFLINE_WRANGLER_ENV };
const bin = (name) => join(root, "node_modules", ".bin", name);
const devArgs = process.argv.slice(2);

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

ensureDevVars(root);

if (process.env.SKIP_BUILD !== "1") run(bin("vite"), ["build", "--logLevel", "warn"]);
if (process.env.SKIP_MIGRATIONS !== "1") {
  try {
    await prepareLocalDatabase({ persistTo: process.env.PERSIST_DIR });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

console.log(`\nMây is starting on http://${host}:${port}\n`);
const server = spawn(
  bin("wrangler"),
  [
    "dev",
    "-c",
    "wrangler.toml",
    "--port",
    port,
    "--ip",
    host,
    "--show-interactive-dev-session=false",
    ...persist,
    ...devArgs,
  ],
  {
    cwd: root,
    env,
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
