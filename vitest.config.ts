// `npm test` runs every project: worker and Durable Object tests in workerd, the worker's pure modules in Node, SPA
// unit tests, browser tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "./vitest.workers.config.ts",
      "./vitest.unit.config.ts",
      "./vitest.web.config.ts",
      "./vitest.browser.config.ts",
    ],
  },
});
