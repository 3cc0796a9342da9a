#!/usr/bin/env node
// Moves a user's chats, messages and images to another chat shard while they keep chatting:
//   node scripts/move-user.mjs <user id or email> <CHATS_n> [--url https://your.app] [--grace-ms 30000]
// It asks the running app (POST /ops/shard-moves, durable-objects/state/shard-move.ts) with the operator secret:
// OPS_SECRET from the environment, else from .dev.vars (which `npm start` fills). --url defaults to the local
// server, http://localhost:8787. Prints what moved, or the reason it did not, and exits non-zero on failure.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readDevVars } from "./dev-vars.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: "string", default: "http://localhost:8787" }, "grace-ms": { type: "string" } },
});
const [user, shard] = positionals;
if (!user || !shard) {
  console.error("usage: node scripts/move-user.mjs <user id or email> <CHATS_n> [--url URL] [--grace-ms MS]");
  process.exit(2);
}
const secret = process.env.OPS_SECRET || readDevVars(root).OPS_SECRET;
if (!secret) {
  console.error("OPS_SECRET is not set (in the environment or .dev.vars)");
  process.exit(2);
}
const body = { user, shard, ...(values["grace-ms"] ? { grace_ms: Number(values["grace-ms"]) } : {}) };
const res = await fetch(new URL("/ops/shard-moves", values.url), {
  method: "POST",
  headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const answer = await res.json().catch(() => ({}));
if (!res.ok) {
  console.error(`move failed (${res.status}): ${answer.message ?? res.statusText}`);
  process.exit(1);
}
const { user_id, from, to, moved } = answer.data;
console.log(
  `moved ${user_id} from ${from} to ${to}: ${moved.chats} chats, ${moved.messages} messages, ${moved.images} images`,
);
