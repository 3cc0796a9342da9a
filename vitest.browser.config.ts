// Browser tests: playwright-core drives Debian's Chromium against the real product, started as `npm start` does
// (build, local migrations, wrangler dev) on a free port with its own throwaway state folder, while the other
// projects' tests run.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "browser",
    environment: "node",
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["./test/browser/support/server.ts"],
    // the global setup builds and starts the product in the background: each file waits for it
    setupFiles: ["./test/browser/support/wait-for-product.ts"],
    // Two cores: one browser test file at a time next to workerd, after the other projects (vitest.config.ts).
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    // the files share one Node process (each launches its own Chromium contexts): no new process per file
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
