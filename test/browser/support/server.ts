// Global setup for the browser tests: builds the SPA once, then starts the product (./product.ts: scripts/start.mjs on a
// free port with a fresh state folder), and hands its URL to the tests. The product knows a
// Google client (GOOGLE_CLIENT_ID) whose keys are the fake identity server's (test/support/fake-identity.ts), so a
// test can sign Google ID tokens there; Facebook stays not set up. Users' own model keys (external models) are tried
// and used against the same fake's /byok/<provider> hosts (EXTERNAL_MODEL_BASE_URLS).
import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { EXTERNAL_PROVIDERS } from "../../../worker/external-models/providers";
import { startFakeIdentity } from "../../support/fake-identity";
import { type RunningProduct, startProduct } from "./product";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The fake identity server (POST /google/__sign signs a Google ID token for googleClientId; /byok/* the model providers). */
    identityURL: string;
    googleClientId: string;
  }
}

/** The Google OAuth client id the browser tests' product is set up with (any string: the fake signs for it). */
const GOOGLE_CLIENT_ID = "browser-tests.apps.googleusercontent.com";

let product: RunningProduct | undefined;
let identity: Awaited<ReturnType<typeof startFakeIdentity>> | undefined;

export async function setup(project: TestProject) {
  // NODE_ENV=production: vitest sets it to "test", which would make Vite bundle React's development build.
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("vite build failed");
  identity = await startFakeIdentity();
  // Users' own model keys go to the fake's provider hosts (key checks and streamed chats), never the real ones.
  const byok = `${identity.url}/byok`;
  const externalHosts = Object.fromEntries(
    Object.values(EXTERNAL_PROVIDERS).map((p) => [p.operatorKey, `${byok}/${p.operatorKey}`]),
  );
  product = await startProduct({
    vars: {
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${identity.url}/google/certs`,
      EXTERNAL_MODEL_BASE_URLS: JSON.stringify(externalHosts),
    },
  });
  const { baseURL } = product;
  project.provide("baseURL", baseURL);
  project.provide("identityURL", identity.url);
  project.provide("googleClientId", GOOGLE_CLIENT_ID);
}

export async function teardown() {
  product?.stop();
  await identity?.close();
}
