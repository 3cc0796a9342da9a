// Worker modules that need no binding (pure rules: registries, prices, codes, QR payloads, prompt building), tested
// in plain Node: each file in workerd costs ~2.5 s of set-up (loading the worker's module graph) for tests that take
// milliseconds. Anything that touches D1, R2, a Durable Object or outbound fetch stays in the workers project.
import { defineConfig } from "vitest/config";

export const WORKER_UNIT_TESTS = [
  "test/worker/accounts/secret-box.test.ts",
  "test/worker/db/history-snippet.test.ts",
  "test/worker/images/offline.test.ts",
  "test/worker/images/registry.test.ts",
  "test/worker/models/language.test.ts",
  "test/worker/models/registry.test.ts",
  "test/worker/payments/order-code.test.ts",
  "test/worker/payments/premium-period.test.ts",
  "test/worker/payments/vietqr.test.ts",
  "test/worker/personalization/build-personalization.test.ts",
  "test/worker/plans/premium-schedule.test.ts",
  "test/worker/prompts/catalogue.test.ts",
  "test/worker/protocol/auto-search.test.ts",
  "test/worker/search/context.test.ts",
  "test/worker/search/registry.test.ts",
];

export default defineConfig({
  test: {
    name: "worker-unit",
    environment: "node",
    // pure functions with no module state worth isolating: one process for all
    isolate: false,
    include: WORKER_UNIT_TESTS,
  },
});
