// What the worker benchmarks share to run Mây on workerd through Miniflare, without wrangler dev's proxies: the
// worker bundled into one module, a state folder whose D1 databases are migrated as `npm start` migrates them (the
// main database and every chat shard, scripts/local-db.mjs), and a Miniflare with the D1 bindings of wrangler.toml
// over that folder.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Log, LogLevel, Miniflare } from "miniflare";
import { chatShardBindings, prepareLocalDatabase } from "../../../scripts/local-db.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * A JSON POST as a browser's fetch sends it: with the body's Content-Length. Miniflare's dispatchFetch streams any body
 * chunked unless told its length, and a chunked body takes the worker's body limit (hono/body-limit) through the path
 * that reads the whole body before the route does (about 0.6 ms a request here), which no real client's JSON takes.
 */
export function postJson(body, headers = {}) {
  const text = JSON.stringify(body);
  return {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(new TextEncoder().encode(text).byteLength),
      ...headers,
    },
    body: text,
  };
}

/**
 * wrangler.toml's D1 bindings and their database ids, `{ DB: id, CHATS_1: id, … }`: Miniflare finds each database
 * that `wrangler d1 migrations apply --local` migrated under its id. Read from the file, so a shard added there is
 * bound here too.
 */
export function d1Bindings() {
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const bindings = {};
  for (const block of toml.split(/^\[\[d1_databases\]\]\s*$/m).slice(1)) {
    const binding = /^binding\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    const id = /^database_id\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    if (binding && id) bindings[binding] = id;
  }
  if (!bindings.DB) throw new Error("wrangler.toml has no D1 binding DB");
  const missing = chatShardBindings().filter((name) => !bindings[name]);
  if (missing.length > 0) throw new Error(`no database_id for ${missing.join(", ")} in wrangler.toml`);
  return bindings;
}

/** The chat shards' bindings (CHATS_<n>, worker/db/shards.ts), in wrangler.toml's order. */
export { chatShardBindings };

/** Migrates the main database and every chat shard in `stateDir` (and seeds the feeds), as `npm start` does. */
export async function prepareState(stateDir) {
  await prepareLocalDatabase({ persistTo: stateDir, stdio: "pipe" });
}

/** Bundles `entry` (and everything it imports) into `outfile`, as workerd runs it. */
export async function bundleWorker(entry, outfile) {
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    // the browser platform honours packages' browser replacements (jszip's stream polyfills)
    platform: "browser",
    target: "es2022",
    conditions: ["workerd", "worker", "browser", "import"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*", "node:*"],
    outfile,
    logLevel: "error",
  });
  return outfile;
}

/**
 * A ready Miniflare running `bundle` with every D1 database of wrangler.toml (the main one and the chat shards) in
 * `stateDir`, R2, the user's Durable Object and `bindings`.
 */
export async function startWorkerd({ bundle, stateDir, bindings }) {
  const mf = new Miniflare({
    log: new Log(LogLevel.ERROR),
    cf: false,
    // the one bundled module, given whole: Miniflare would otherwise trace its imports, and the bundle keeps a few
    // dynamic ones (guarded Node-only paths) that it cannot resolve
    modules: [{ type: "ESModule", path: bundle }],
    modulesRoot: dirname(bundle),
    compatibilityDate: "2026-04-20",
    d1Databases: d1Bindings(),
    d1Persist: join(stateDir, "v3", "d1"),
    r2Buckets: ["IMAGES"],
    durableObjects: { USER_HUB: { className: "UserHub", useSQLite: true } },
    bindings,
  });
  await mf.ready;
  return mf;
}
