// Global setup for the browser tests: builds the SPA once, then runs scripts/start.mjs (migrations + wrangler dev)
// on a free port with a fresh state folder, waits for /api/health, and hands the URL to the tests. The product knows a
// Google client (GOOGLE_CLIENT_ID) whose keys are the fake identity server's (test/support/fake-identity.ts), so a
// test can sign Google ID tokens there; Facebook stays not set up. Users' own model keys (external models) are tried
// and used against the same fake's /byok/<provider> hosts (EXTERNAL_MODEL_BASE_URLS).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { EXTERNAL_PROVIDERS } from "../../../worker/external-models/providers";
import { startFakeIdentity } from "../../support/fake-identity";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The fake identity server (POST /google/__sign signs a Google ID token for googleClientId; /byok/* the model providers). */
    identityURL: string;
    googleClientId: string;
  }
}

/** How long wrangler may take to answer /api/health, in milliseconds. */
const STARTUP_TIMEOUT_MS = 90_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** The Google OAuth client id the browser tests' product is set up with (any string: the fake signs for it). */
const GOOGLE_CLIENT_ID = "browser-tests.apps.googleusercontent.com";

let server: ChildProcess | undefined;
let stateDir: string | undefined;
let identity: Awaited<ReturnType<typeof startFakeIdentity>> | undefined;

export async function setup(project: TestProject) {
  // NODE_ENV=production: vitest sets it to "test", which would make Vite bundle React's development build.
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (build.status !== 0) throw new Error("vite build failed");
  identity = await startFakeIdentity();
  const port = await freePort();
  stateDir = mkdtempSync(join(tmpdir(), "may-browser-"));
  const googleVars = ["--var", `GOOGLE_CLIENT_ID:${GOOGLE_CLIENT_ID}`, "--var", `GOOGLE_JWKS_URL:${identity.url}/google/certs`];
  // Users' own model keys go to the fake's provider hosts (key checks and streamed chats), never the real ones.
  const byok = `${identity.url}/byok`;
  const externalHosts = Object.fromEntries(Object.values(EXTERNAL_PROVIDERS).map((p) => [p.operatorKey, `${byok}/${p.operatorKey}`]));
  const externalVars = ["--var", `EXTERNAL_MODEL_BASE_URLS:${JSON.stringify(externalHosts)}`];
  server = spawn("node", ["scripts/start.mjs", ...googleVars, ...externalVars], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", PERSIST_DIR: stateDir, SKIP_BUILD: "1", OFFLINE_MODEL_DELAY_MS: "25" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout?.on("data", (d) => (log += d));
  server.stderr?.on("data", (d) => (log += d));
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > STARTUP_TIMEOUT_MS || server.exitCode !== null) {
      throw new Error(`server did not start:\n${log.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseURL", baseURL);
  project.provide("identityURL", identity.url);
  project.provide("googleClientId", GOOGLE_CLIENT_ID);
}

export async function teardown() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await identity?.close();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
