#!/usr/bin/env node
// `npm start`: builds the SPA, applies the D1 migrations and the seeded rows (seeds/feeds.sql) to the local database
// and serves the whole product (SPA, API, media, /ws, local D1/R2/Durable Objects) with wrangler at
// http://localhost:8787 — offline, no key needed.
// Environment: PORT (default 8787), HOST (default localhost), PERSIST_DIR (local state, default .wrangler/state),
// SKIP_BUILD=1 to serve the last build. Extra arguments go to `wrangler dev` as they are, e.g.
// `node scripts/start.mjs --var GOOGLE_CLIENT_ID:my-id` (the browser tests' fake Google is set up this way).
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./dev-vars.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT || "8787";
const host = process.env.HOST || "localhost";
const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
const env = {
  ...process.env,
  // wrangler runs fully offline: no metrics, no update banner, no request.cf lookup.
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const bin = (name) => join(root, "node_modules", ".bin", name);
const devArgs = process.argv.slice(2);

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

ensureDevVars(root);

if (process.env.SKIP_BUILD !== "1") run(bin("vite"), ["build", "--logLevel", "warn"]);
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", ...persist]);
// Seeded rows (the notification feeds), idempotent: rows an operator changed are kept.
run(bin("wrangler"), [
  "d1",
  "execute",
  "DB",
  "--local",
  "--yes",
  "--file",
  "seeds/feeds.sql",
  "-c",
  "wrangler.toml",
  ...persist,
]);

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
