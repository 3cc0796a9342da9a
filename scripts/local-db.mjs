// The local database as `npm start`, `npm run dev` and the browser tests serve it: wrangler applies the D1 migrations
// to the main database and to every chat shard (the CHATS_<n> bindings of wrangler.toml, worker/db/shards.ts), then
// the seeded rows (seeds/feeds.sql: the notification feeds, idempotent, so rows an operator changed are kept), to the
// local state folder (`persistTo`; wrangler's own default, .wrangler/state, when absent).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** What wrangler needs to run offline: no metrics, no update banner, no request.cf lookup. */
export const OFFLINE_WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

function wrangler(args, { env, stdio }) {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, "node_modules", ".bin", "wrangler"), args, { cwd: root, env, stdio });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`wrangler ${args.slice(0, 3).join(" ")} exited with ${code}\n${output}`)),
    );
  });
}

/** The chat shards' bindings, as wrangler.toml declares them. */
export function chatShardBindings() {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  return [...toml.matchAll(/^binding\s*=\s*"(CHATS_\d+)"/gm)].map((m) => m[1]);
}

/**
 * Migrates and seeds the local database. `stdio`: "inherit" to show wrangler's tables, "pipe" to keep them (they are
 * in the error when it fails).
 */
export async function prepareLocalDatabase({ persistTo, stdio = "inherit" } = {}) {
  const env = { ...process.env, ...OFFLINE_WRANGLER_ENV };
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  for (const binding of ["DB", ...chatShardBindings()]) {
    await wrangler(["d1", "migrations", "apply", binding, "--local", "-c", "wrangler.toml", ...persist], {
      env,
      stdio,
    });
  }
  await wrangler(
    ["d1", "execute", "DB", "--local", "--yes", "--file", "seeds/feeds.sql", "-c", "wrangler.toml", ...persist],
    { env, stdio },
  );
}
