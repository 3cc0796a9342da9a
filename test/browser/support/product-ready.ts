// Waiting for a product the global setup is building and starting in the background (./server.ts): until it answers
// /api/health, or failing at once with the reason its start failed.
import { existsSync, readFileSync } from "node:fs";
import { inject } from "vitest";

/** How long the build and the start may take on a busy two-core machine, in milliseconds. */
export const READY_TIMEOUT_MS = 300_000;
/** Pause between two health checks, in milliseconds. */
const POLL_MS = 250;

/** Resolves once `baseURL` answers /api/health. */
export async function productReady(baseURL: string): Promise<void> {
  const failure = inject("productFailureFile");
  const started = Date.now();
  for (;;) {
    if (existsSync(failure)) throw new Error(`the product did not start: ${readFileSync(failure, "utf8")}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > READY_TIMEOUT_MS) throw new Error(`${baseURL} did not start in time`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
