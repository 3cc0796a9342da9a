// What the worker benchmarks share to run Mây on workerd through Miniflare, without wrangler dev's proxies: the
// worker bundled into one module, and a Miniflare with the bindings of wrangler.toml over a D1 state folder that
// `wrangler d1 migrations apply --local --persist-to <stateDir>` has prepared.
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { Log, LogLevel, Miniflare } from "miniflare";

/** wrangler.toml's local database id: Miniflare finds the migrated database under it. */
const DB_ID = "00000000-0000-0000-0000-000000000000";

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

/** A ready Miniflare running `bundle` with D1 in `stateDir`, R2, the user's Durable Object and `bindings`. */
export async function startWorkerd({ bundle, stateDir, bindings }) {
  const mf = new Miniflare({
    log: new Log(LogLevel.ERROR),
    cf: false,
    // the one bundled module, given whole: Miniflare would otherwise trace its imports, and the bundle keeps a few
    // dynamic ones (guarded Node-only paths) that it cannot resolve
    modules: [{ type: "ESModule", path: bundle }],
    modulesRoot: dirname(bundle),
    compatibilityDate: "2026-04-20",
    d1Databases: { DB: DB_ID },
    d1Persist: join(stateDir, "v3", "d1"),
    r2Buckets: ["IMAGES"],
    durableObjects: { USER_HUB: { className: "UserHub", useSQLite: true } },
    bindings,
  });
  await mf.ready;
  return mf;
}
