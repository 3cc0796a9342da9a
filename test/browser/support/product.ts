// Runs the real product for browser tests as `npm start` does (scripts/start.mjs: wrangler dev) on a free port with its
// own throwaway state folder, a copy of the migrated and seeded one the global setup has prepared, from the SPA it has
// built. `vars` are the product's own configuration (`--var NAME:VALUE` to wrangler dev), never a test switch inside
// the code.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How long wrangler may take to answer /api/health, in milliseconds. */
const STARTUP_TIMEOUT_MS = 90_000;
/** Pause between two health checks while it starts, in milliseconds. */
const HEALTH_POLL_MS = 250;

export interface RunningProduct {
  baseURL: string;
  /** Everything the product printed so far (wrangler's and the worker's output, stdout and stderr). */
  log(): string;
  stop(): void;
}

/**
 * The first port of the range the kernel hands out to every listen(0) and outgoing connection (Linux's
 * ip_local_port_range, 32768 by default). The products' ports are taken below it: a port found free there at set-up
 * could be taken by another process before the product binds it, a minute later, after the build (a workerd test
 * process once took a product's port that way, and the product did not start).
 */
function ephemeralFloor(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

function listenOn(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(null));
    srv.listen(port, "127.0.0.1", () => resolve(srv));
  });
}

/**
 * `count` distinct free ports between 20,000 and the ephemeral range: every listener is held open until all are
 * found, so no two can be the same.
 */
export async function freePorts(count: number): Promise<number[]> {
  const from = 20_000;
  const to = Math.max(from + 1_000, ephemeralFloor());
  const held: Server[] = [];
  for (let tries = 0; held.length < count; tries++) {
    if (tries > 1_000) throw new Error(`no ${count} free ports between ${from} and ${to}`);
    const srv = await listenOn(from + Math.floor(Math.random() * (to - from)));
    if (srv) held.push(srv);
  }
  const ports = held.map((srv) => (srv.address() as AddressInfo).port);
  await Promise.all(held.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

/**
 * `port`: where to serve; `inspectorPort`: where wrangler listens for DevTools (its default, 9229, is taken by the
 * first product when two start side by side). `state`: a state folder already migrated and seeded
 * (scripts/local-db.mjs), copied for this product alone. `logFile`: a file that receives everything the product prints
 * as well, for a test in another process than the one that started it.
 */
export async function startProduct({
  vars = {},
  port,
  inspectorPort,
  state,
  logFile,
}: {
  vars?: Record<string, string>;
  port: number;
  inspectorPort: number;
  state: string;
  logFile?: string;
}): Promise<RunningProduct> {
  const stateDir = mkdtempSync(join(tmpdir(), "may-browser-"));
  cpSync(state, stateDir, { recursive: true });
  const varArgs = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const server: ChildProcess = spawn(
    "node",
    ["scripts/start.mjs", ...varArgs, "--inspector-port", String(inspectorPort)],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PERSIST_DIR: stateDir,
        SKIP_BUILD: "1",
        SKIP_MIGRATIONS: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  // once stopped, what the product still prints is dropped: the run may already have removed the log file's folder
  let stopped = false;
  const stop = () => {
    stopped = true;
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
  let log = "";
  const keep = (d: Buffer) => {
    if (stopped) return;
    log += d;
    if (logFile) appendFileSync(logFile, d);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return { baseURL, log: () => log, stop };
    } catch {
      // not up yet
    }
    if (Date.now() - started > STARTUP_TIMEOUT_MS || server.exitCode !== null) {
      stop();
      throw new Error(`server did not start:\n${log.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
  }
}
