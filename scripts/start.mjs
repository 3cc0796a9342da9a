#!/usr/bin/env node
// `npm start`: builds the SPA, applies the D1 migrations and the seeded rows (seeds/feeds.sql) to the local database
// and serves the whole product (SPA, API, media, /ws, local D1/R2/Durable Objects) at http://localhost:8787 — offline,
// no key needed — on workerd through Miniflare (the one that comes with wrangler), configured by wrangler itself from
// wrangler.toml and .dev.vars (unstable_getMiniflareWorkerOptions: bindings, assets with the SPA fallback and
// run_worker_first), with the local state where `wrangler dev` keeps it.
// Not `wrangler dev`: it puts a proxy (a second workerd, and its Node process) in front of the worker and connects its
// DevTools inspector proxy to it, which forwards every message of the runtime's inspector (one per subrequest, D1 query
// and chunk of a streamed body) to Node on a new connection: 536 connections for 3 streamed answers, 10 concurrent
// answers stalled and 50 ran out of file descriptors (issue 23). Without the inspector (its API can leave it off) the
// proxy still spent nearly as much CPU per request as the worker's own start of a turn, and its file watcher restarted
// the worker, cutting every answer being written, whenever a source file changed. Here the worker is bundled once at start (as
// wrangler bundles it) and served alone; `npm run dev` is the way to reload on changes.
// Environment: PORT (default 8787), HOST (default localhost), PERSIST_DIR (local state, default .wrangler/state),
// SKIP_BUILD=1 to serve the last build of the SPA, SKIP_MIGRATIONS=1 to serve a state folder already migrated and seeded
// (the browser tests prepare one and copy it for each of their products).
// Arguments, as `wrangler dev` takes them: `--var NAME:VALUE` (repeatable; the browser tests' fake Google is set up this
// way), `--inspector-port PORT` to open the worker to Chrome DevTools there, `--log-level LEVEL`.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./dev-vars.mjs";
import { OFFLINE_WRANGLER_ENV, prepareLocalDatabase } from "./local-db.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT || 8787);
const host = process.env.HOST || "localhost";
const bin = (name) => join(root, "node_modules", ".bin", name);
/** --log-level's names, in wrangler's order: each prints what the ones before it print, and more. */
const LOG_LEVELS = ["none", "error", "warn", "info", "log", "debug"];
const USAGE =
  "Usage: npm start -- [--var NAME:VALUE ...] [--inspector-port PORT] [--log-level debug|info|log|warn|error|none]\n" +
  "(PORT, HOST, PERSIST_DIR, SKIP_BUILD=1 and SKIP_MIGRATIONS=1 are environment variables)";

/**
 * The `wrangler dev` arguments start.mjs understands, with wrangler's meaning: `--var` takes one or more NAME:VALUE
 * (split at the first colon) and may be repeated; `--flag=value` works as `--flag value`.
 */
function parseArgs(argv) {
  const vars = {};
  let inspectorPort;
  let logLevel;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith("--") ? argv[i].split(/=(.*)/s) : [argv[i]];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--var") {
      const values = inline === undefined ? [] : [inline];
      while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) values.push(argv[++i]);
      if (values.length === 0) throw new Error("--var needs NAME:VALUE");
      for (const pair of values) {
        const [name, ...rest] = pair.split(":");
        vars[name] = rest.join(":");
      }
    } else if (flag === "--inspector-port") {
      inspectorPort = Number(value());
      if (!Number.isInteger(inspectorPort)) throw new Error("--inspector-port needs a port number");
    } else if (flag === "--log-level") {
      logLevel = value();
      if (!LOG_LEVELS.includes(logLevel)) throw new Error(`--log-level takes one of ${LOG_LEVELS.join(", ")}`);
    } else {
      throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  return { vars, inspectorPort, logLevel };
}

let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (err) {
  console.error(`${err.message}\n${USAGE}`);
  process.exit(2);
}

function run(cmd, cmdArgs) {
  const result = spawnSync(cmd, cmdArgs, {
    cwd: root,
    env: { ...process.env, ...OFFLINE_WRANGLER_ENV },
    stdio: "inherit",
  });
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

// wrangler and Miniflare run in this process from here: wrangler reads these (no metrics, no banner, no request.cf
// lookup) and resolves wrangler.toml's paths from the project's root
Object.assign(process.env, OFFLINE_WRANGLER_ENV);
process.chdir(root);
const { unstable_getMiniflareWorkerOptions, unstable_readConfig } = await import("wrangler");
// Miniflare and esbuild as wrangler depends on them (pinned by its version), not whatever else node_modules holds
const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
const { Log, LogLevel, Miniflare } = fromWrangler("miniflare");
const esbuild = fromWrangler("esbuild");

const level = LOG_LEVELS.indexOf(args.logLevel ?? "log");
/** Miniflare's own messages (requests, "Ready on") at --log-level. */
const miniflareLevel = [LogLevel.NONE, LogLevel.ERROR, LogLevel.WARN, LogLevel.INFO, LogLevel.INFO, LogLevel.DEBUG][
  level
];

const config = unstable_readConfig({ config: join(root, "wrangler.toml") });
// wrangler.toml's bindings, vars and .dev.vars (it prints "Using secrets defined in .dev.vars"), assets and its routing
const { workerOptions, define, main } = unstable_getMiniflareWorkerOptions(config);

// The worker bundled as `wrangler dev` bundles it (its esbuild options: conditions, target, defines), in memory: workerd
// is given the code itself.
let bundle;
try {
  const nodeEnv = JSON.stringify(process.env.NODE_ENV || "development");
  const built = await esbuild.build({
    entryPoints: [main],
    outfile: join(root, "bundle.mjs"),
    write: false,
    bundle: true,
    format: "esm",
    target: "es2024",
    conditions: ["workerd", "worker", "browser"],
    // the runtime's own modules, and Node's, which only guarded paths of some packages import
    external: ["cloudflare:*", "node:*"],
    define: {
      ...define,
      "process.env.NODE_ENV": nodeEnv,
      "global.process.env.NODE_ENV": nodeEnv,
      "globalThis.process.env.NODE_ENV": nodeEnv,
    },
    loader: { ".js": "jsx", ".mjs": "jsx", ".cjs": "jsx" },
    logLevel: "error",
  });
  bundle = built.outputFiles[0];
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
} finally {
  // esbuild's service process is not needed once the bundle is made
  esbuild.stop();
}

/** The worker's console output (workerd's structured logs), printed as wrangler prints it, filtered by --log-level. */
function printWorkerLog({ level: name, message }) {
  // wrangler shows the worker's debug and info at `info`, and its log at `log`
  const at = LOG_LEVELS.indexOf({ debug: "info" }[name] ?? name);
  if ((at === -1 ? LOG_LEVELS.indexOf("log") : at) > level) return;
  if (name === "error") console.error(`✘ [ERROR] ${message}`);
  else if (name === "warn") console.warn(`▲ [WARNING] ${message}`);
  else console.log(message);
}

const persist = process.env.PERSIST_DIR ? resolve(root, process.env.PERSIST_DIR) : join(root, ".wrangler", "state");
console.log(`\nMây is starting on http://${host}:${port}\n`);
const mf = new Miniflare({
  host,
  port,
  // workerd's own inspector, which DevTools reach directly: nothing is relayed unless they are connected
  inspectorPort: args.inspectorPort,
  // `[wrangler:info] POST /api/chat/… 200 OK (31ms)` for every request, as `wrangler dev` printed them
  log: new Log(miniflareLevel, { prefix: "wrangler" }),
  handleStructuredLogs: printWorkerLog,
  // the default request.cf object: no lookup (CLOUDFLARE_CF_FETCH_ENABLED=false)
  cf: false,
  // where `wrangler dev --persist-to <dir>` keeps D1, R2, Durable Objects and the cache: <dir>/v3
  defaultPersistRoot: join(persist, "v3"),
  // /cdn-cgi/handler/scheduled runs the cron handler, as under `wrangler dev`
  unsafeTriggerHandlers: true,
  workers: [
    {
      ...workerOptions,
      // the Durable Objects' state is found by the worker's name (<state>/v3/do/may-UserHub)
      name: config.name,
      // named bundle.mjs in stack traces
      modules: [{ type: "ESModule", path: bundle.path, contents: bundle.text }],
      modulesRoot: root,
      bindings: { ...workerOptions.bindings, ...args.vars },
    },
  ],
});

// Ctrl+C (SIGINT) or SIGTERM: Miniflare's exit hook stops workerd and exits (status 130 or 143).
try {
  await mf.ready;
} catch (err) {
  // a port already in use, a worker that does not start
  console.error(err instanceof Error ? err.message : err);
  await mf.dispose().catch(() => {});
  process.exit(1);
}
