// Global setup for the browser tests: builds the SPA and prepares a migrated, seeded local database once, side by side,
// then starts the product three times (./product.ts: scripts/start.mjs on a free port with a copy of that state folder
// each), and hands their URLs to the tests. They differ only in the pace of the offline model (OFFLINE_MODEL_DELAY_MS,
// the product's own setting): the first streams at the product's own pace (25 ms a chunk, an answer in about 5 s), for
// the tests that act while an answer is being written (stop it, scroll away from it); the slow one leaves seconds more
// for the tests that reload and follow a running answer (test/browser/resume.test.ts); the fast one ends an answer in
// about a second, for the tests that only wait for it to end (edit, regenerate, settings that show in the answer),
// which spent most of their time waiting. The product knows a Google client (GOOGLE_CLIENT_ID) whose keys are the fake
// identity server's (test/support/fake-identity.ts), so a test can sign Google ID tokens there; Facebook stays not set
// up. Users' own model keys (external models) are tried and used against the same fake's /byok/<provider> hosts
// (EXTERNAL_MODEL_BASE_URLS).
//
// `vitest run` runs every project's global setup before any test: the build and the starts go on in the background
// while the other projects' tests run, and each browser test file waits for its product (./product-ready.ts). Both
// browser projects (vitest.browser.config.ts) name this setup; the second to call it gets the first one's products.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";
import { ensureDevVars } from "../../../scripts/dev-vars.mjs";
import { prepareLocalDatabase } from "../../../scripts/local-db.mjs";
import { EXTERNAL_PROVIDERS } from "../../../worker/external-models/providers";
import { startFakeIdentity } from "../../support/fake-identity";
import { freePorts, type RunningProduct, startProduct } from "./product";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The product whose offline model pauses SLOW_CHUNK_MS before each chunk. */
    slowBaseURL: string;
    /** The product whose offline model pauses FAST_CHUNK_MS before each chunk. */
    fastBaseURL: string;
    /** Everything the slow product prints, as it prints it. */
    slowProductLog: string;
    /** Written when the build or a start failed, with the reason: the tests stop waiting and say it. */
    productFailureFile: string;
    /** The fake identity server (POST /google/__sign signs a Google ID token for googleClientId; /byok/* the model providers). */
    identityURL: string;
    googleClientId: string;
  }
}

/** The Google OAuth client id the browser tests' product is set up with (any string: the fake signs for it). */
const GOOGLE_CLIENT_ID = "browser-tests.apps.googleusercontent.com";

/** The slow product's pause before each offline-model chunk, in milliseconds: an answer takes about 8 s. */
export const SLOW_CHUNK_MS = 60;

/**
 * The fast product's pause before each offline-model chunk, in milliseconds: an answer takes about a second, still
 * long enough for a test to see it marked as streaming before it ends (a poll looks every 50 ms).
 */
export const FAST_CHUNK_MS = 5;

/** What the first setup started, kept on globalThis: both projects share it, however vitest loads this module. */
interface Started {
  starting: Promise<RunningProduct[]>;
  identity: Awaited<ReturnType<typeof startFakeIdentity>>;
  scratch: string;
  provided: ProvidedContext;
}
interface Shared {
  /** Set before the first await, so a second project's setup never starts a second set, however vitest orders them. */
  started: Promise<Started>;
  /** Projects whose teardown has not run yet: the last one stops the products. */
  users: number;
}
const SHARED_KEY = Symbol.for("may.browser-products");
const holder = globalThis as { [SHARED_KEY]?: Shared };

function provideAll(project: TestProject, provided: Started["provided"]) {
  for (const [key, value] of Object.entries(provided)) project.provide(key as keyof ProvidedContext, value);
}

/** `vite build` in production mode, without blocking this process (it serves the fake identity server meanwhile). */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    // NODE_ENV=production: vitest sets it to "test", which would make Vite bundle React's development build.
    const child = spawn(join("node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

/** Starts every product, or none: one that started is stopped when another fails. */
async function startAll(specs: Parameters<typeof startProduct>[0][]): Promise<RunningProduct[]> {
  const results = await Promise.allSettled(specs.map((spec) => startProduct(spec)));
  const started = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    for (const product of started) product.stop();
    throw failed.reason;
  }
  return started;
}

export async function setup(project: TestProject) {
  holder[SHARED_KEY] ??= { started: startEverything(), users: 0 };
  const shared = holder[SHARED_KEY];
  shared.users++;
  provideAll(project, (await shared.started).provided);
}

async function startEverything(): Promise<Started> {
  // Both products read .dev.vars as they start: make it once, before them, so they never race to write it.
  ensureDevVars(process.cwd());
  const identity = await startFakeIdentity();
  // Users' own model keys go to the fake's provider hosts (key checks and streamed chats), never the real ones.
  const byok = `${identity.url}/byok`;
  const externalHosts = Object.fromEntries(
    Object.values(EXTERNAL_PROVIDERS).map((p) => [p.operatorKey, `${byok}/${p.operatorKey}`]),
  );
  const vars = {
    GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: `${identity.url}/google/certs`,
    EXTERNAL_MODEL_BASE_URLS: JSON.stringify(externalHosts),
    ADMIN_EMAILS: "operator@example.com", // the operator console's browser test (admin.test.ts) registers it
    // Tests that spend a day's uses at once (conversation.test.ts spendUses) send hundreds of turns in seconds: the
    // burst limit, tested in workerd (test/worker/turn/turn-burst.test.ts), is off for these products.
    TURN_BURST_LIMIT: "0",
  };
  const [port, slowPort, fastPort, inspectorPort, slowInspectorPort, fastInspectorPort] = (await freePorts(6)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const scratch = mkdtempSync(join(tmpdir(), "may-browser-run-"));
  const slowProductLog = join(scratch, "slow-product.log");
  const productFailureFile = join(scratch, "failed");
  writeFileSync(slowProductLog, "");
  // one migration for the three products (wrangler spends seconds of CPU on each), copied into each one's state folder
  const state = join(scratch, "state");
  const starting = Promise.all([build(), prepareLocalDatabase({ persistTo: state, stdio: "pipe" })]).then(() =>
    startAll([
      { port, inspectorPort, state, vars },
      {
        port: slowPort,
        inspectorPort: slowInspectorPort,
        state,
        vars: { ...vars, OFFLINE_MODEL_DELAY_MS: String(SLOW_CHUNK_MS) },
        logFile: slowProductLog,
      },
      {
        port: fastPort,
        inspectorPort: fastInspectorPort,
        state,
        vars: { ...vars, OFFLINE_MODEL_DELAY_MS: String(FAST_CHUNK_MS) },
      },
    ]),
  );
  starting.catch((err: unknown) => {
    const reason = err instanceof Error ? err.message : String(err);
    writeFileSync(productFailureFile, reason);
    console.error(`The browser tests' product did not start: ${reason}`);
  });
  const provided = {
    baseURL: `http://127.0.0.1:${port}`,
    slowBaseURL: `http://127.0.0.1:${slowPort}`,
    fastBaseURL: `http://127.0.0.1:${fastPort}`,
    slowProductLog,
    productFailureFile,
    identityURL: identity.url,
    googleClientId: GOOGLE_CLIENT_ID,
  };
  return { starting, identity, scratch, provided };
}

export async function teardown() {
  const shared = holder[SHARED_KEY];
  if (!shared || --shared.users > 0) return;
  delete holder[SHARED_KEY];
  const { starting, identity, scratch } = await shared.started;
  for (const product of await starting.catch(() => [])) product.stop();
  await identity.close();
  rmSync(scratch, { recursive: true, force: true });
}
