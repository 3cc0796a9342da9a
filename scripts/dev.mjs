#!/usr/bin/env node
// `npm run dev`: hot reload. Vite with the Cloudflare plugin runs the SPA and the worker (API, D1, R2, Durable
// Objects, /ws) together on one port; the local D1 migrations and seeded rows are applied first.
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./dev-vars.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const bin = (name) => join(root, "node_modules", ".bin", name);

ensureDevVars(root);
const migrate = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"], {
  cwd: root,
  env,
  stdio: "inherit",
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);
// The seeded rows (the notification feeds), idempotent, as `npm start` does.
const seed = spawnSync(
  bin("wrangler"),
  ["d1", "execute", "DB", "--local", "--yes", "--file", "seeds/feeds.sql", "-c", "wrangler.toml"],
  { cwd: root, env, stdio: "inherit" },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);
const vite = spawn(bin("vite"), ["dev", ...process.argv.slice(2)], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vite.kill(signal));
vite.on("exit", (code) => process.exit(code ?? 0));
