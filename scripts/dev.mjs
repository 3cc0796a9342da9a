#!/usr/bin/env node
// `npm run dev`: hot reload. Vite with the Cloudflare plugin runs the SPA and the worker (API, D1, R2, Durable
// Objects, /ws) together on one port; the local D1 migrations and seeded rows are applied first.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./dev-vars.mjs";
import { OFFLINE_WRANGLER_ENV, prepareLocalDatabase } from "./local-db.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, ...OFFLINE_WRANGLER_ENV };
const bin = (name) => join(root, "node_modules", ".bin", name);

ensureDevVars(root);
try {
  await prepareLocalDatabase();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const vite = spawn(bin("vite"), ["dev", ...process.argv.slice(2)], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => vite.kill(signal));
vite.on("exit", (code) => process.exit(code ?? 0));
