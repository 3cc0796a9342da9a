#!/usr/bin/env node
// `npm start`: builds the SPA, applies the D1 migrations and the seeded rows (seeds/feeds.sql) to the local database
// and serves the whole product (SPA, API, media, /ws, local D1/R2/Durable Objects) at http://localhost:8787 — offline,
// no key needed — with wrangler's local dev environment, started through its API (unstable_DevEnv, what the
// `wrangler dev` command runs) with the same wrangler.toml, .dev.vars and state folder.
// Not the `wrangler dev` command itself: that always connects wrangler's DevTools inspector proxy to the worker, and the
// proxy forwards every message of the runtime's inspector (one per subrequest, D1 query and chunk of a streamed body)
// to wrangler's Node process, each on a new connection: 536 connections for 3 streamed answers, 10 concurrent answers
// stalled and 50 ran out of file descriptors (issue 23). The command has no switch for it; here the inspector is off
// unless asked for.
// Environment: PORT (default 8787), HOST (default localhost), PERSIST_DIR (local state, default .wrangler/state),
// SKIP_BUILD=1 to serve the last build, SKIP_MIGRATIONS=1 to serve a state folder already migrated and seeded (the
// browser tests prepare one and copy it for each of their products).
// Arguments, as `wrangler dev` takes them: `--var NAME:VALUE` (repeatable; the browser tests' fake Google is set up this
// way), `--inspector-port PORT` to open the worker to Chrome DevTools there, `--log-level LEVEL`.
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./dev-vars.mjs";
import { OFFLINE_WRANGLER_ENV, prepareLocalDatabase } from "./local-db.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT || 8787);
const host = process.env.HOST || "localhost";
const bin = (name) => join(root, "node_modules", ".bin", name);
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
        // hidden: the bindings table at startup shows "(hidden)", as `wrangler dev --var` does
        vars[name] = { type: "plain_text", value: rest.join(":"), hidden: true };
      }
    } else if (flag === "--inspector-port") {
      inspectorPort = Number(value());
      if (!Number.isInteger(inspectorPort)) throw new Error("--inspector-port needs a port number");
    } else if (flag === "--log-level") {
      logLevel = value();
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

// wrangler runs in this process from here: it reads these (no metrics, no banner, no request.cf lookup) and resolves
// paths from the working directory, as the `wrangler dev` it replaces did from the project's root
Object.assign(process.env, OFFLINE_WRANGLER_ENV);
// wrangler's logger reads its level from here whenever it logs: the same as `wrangler dev --log-level`
if (args.logLevel) process.env.WRANGLER_LOG = args.logLevel;
process.chdir(root);
const { unstable_DevEnv } = await import("wrangler");

console.log(`\nMây is starting on http://${host}:${port}\n`);
// What unstable_startWorker does, with the listener in place before anything starts: as `wrangler dev` does, serve until
// the environment is torn down and end on the first error it reports (a port already in use, a runtime that could not
// start).
const devEnv = new unstable_DevEnv();
const ended = once(devEnv, "teardown");
ended.catch(() => {}); // awaited below; an error before then must not count as unhandled
try {
  await devEnv.startWorker({
    config: join(root, "wrangler.toml"),
    bindings: args.vars,
    dev: {
      server: { hostname: host, port },
      inspector: args.inspectorPort === undefined ? false : { port: args.inspectorPort },
      // a relative PERSIST_DIR is from the project's root, where prepareLocalDatabase migrated it
      persist: process.env.PERSIST_DIR ? resolve(root, process.env.PERSIST_DIR) : undefined,
    },
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// Ctrl+C (SIGINT) or SIGTERM tears the dev environment down (workerd, wrangler's file watchers); a second one exits
// at once. The environment itself, not the worker's dispose(), which first waits for a server that may never start.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    devEnv.teardown().catch(() => process.exit(1));
  });
}

try {
  await ended;
  process.exit(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : `${err?.reason ?? "wrangler failed"}: ${err?.cause ?? ""}`);
  await devEnv.teardown().catch(() => {});
  process.exit(1);
}
