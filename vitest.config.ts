// `npm test` runs every project: the worker's and the SPA's pure modules in Node and the SPA component tests in jsdom
// two files at a time (one per core), then the worker and Durable Object tests in workerd three at a time (a workerd
// file spends seconds starting its runtime and loading the worker's modules, half of it waiting:
// vitest.workers.config.ts), then the browser tests, two files at a time, and last the few browser files that run
// alone (vitest.browser.config.ts), so nothing else competes with Chromium for the CPU (their product is built and
// started meanwhile: test/browser/support/server.ts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    maxWorkers: 2,
    // Not printed: the worker's one log line per request (worker/http/request-log.ts), thousands in a run; the tests
    // that read them spy on console.log.
    onConsoleLog: (log) => !log.startsWith('{"event":"request"'),
    projects: [
      "./vitest.workers.config.ts",
      "./vitest.unit.config.ts",
      "./vitest.web.config.ts",
      "./vitest.web-unit.config.ts",
      "./vitest.browser.config.ts",
      "./vitest.browser-alone.config.ts",
    ],
  },
});
