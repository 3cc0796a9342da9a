#!/usr/bin/env node
// `npm run deploy` and `npm run db:migrate`: applies the D1 migrations to the main database (migrations/) and to
// every chat shard (migrations/chats/, one per CHATS_<n> binding of wrangler.toml). Arguments go to each
// `wrangler d1 migrations apply` as they are: --remote for the deployed databases, --local for `npm start`'s.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chatShardBindings } from "./local-db.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
for (const binding of ["DB", ...chatShardBindings()]) {
  const args = ["d1", "migrations", "apply", binding, "-c", "wrangler.toml", ...process.argv.slice(2)];
  const result = spawnSync(join(root, "node_modules", ".bin", "wrangler"), args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
