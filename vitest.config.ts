// `npm test` runs every project: worker and Durable Object tests in workerd, the worker's and the SPA's pure modules
// in Node, SPA component tests in jsdom, then the browser tests. The first four run two files at a time (one per
// core: a workerd test file spends most of its time loading the worker's modules, so two halve the wait); the browser
// tests run after them, one file at a time, so no timing in Chromium competes with them for the CPU (their product is
// built and started meanwhile: test/browser/support/server.ts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      "./vitest.workers.config.ts",
      "./vitest.unit.config.ts",
      "./vitest.web.config.ts",
      "./vitest.web-unit.config.ts",
      "./vitest.browser.config.ts",
    ],
  },
});
