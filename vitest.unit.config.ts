// Worker modules that need no binding (pure rules: registries, prices, codes, QR payloads, prompt building), tested
// in plain Node: each file in workerd costs seconds of set-up (loading the worker's module graph) for tests that take
// milliseconds. A worker test runs here by its name: `*.unit.test.ts` under test/worker. Anything that touches D1,
// R2, a Durable Object, outbound fetch or `cloudflare:*` is a plain `*.test.ts` and runs in workerd.
import { defineConfig } from "vitest/config";

/** The worker tests that run in Node; vitest.workers.config.ts leaves them out. */
export const WORKER_UNIT_TESTS = "test/worker/**/*.unit.test.ts";

export default defineConfig({
  test: {
    name: "worker-unit",
    environment: "node",
    // pure functions with no module state worth isolating: one process for all
    isolate: false,
    include: [WORKER_UNIT_TESTS],
  },
});
