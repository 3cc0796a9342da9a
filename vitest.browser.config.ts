// Browser tests: playwright-core drives Debian's Chromium against the real product, started as `npm start` does
// (build, local migrations, wrangler dev) on a free port with its own throwaway state folder, while the other
// projects' tests run.
import { defineConfig } from "vitest/config";

/** How long a browser test's `expect.poll` waits for its condition by default, in milliseconds (vitest's is 1 s). */
const POLL_TIMEOUT_MS = 10_000;

export default defineConfig({
  test: {
    name: "browser",
    environment: "node",
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["./test/browser/support/server.ts"],
    // the global setup builds and starts the product in the background: each file waits for it
    setupFiles: ["./test/browser/support/wait-for-product.ts"],
    // One browser file at a time, after the other projects (vitest.config.ts). Two at a time took the project from
    // 362 s to ~290 s, but 2 of 3 full runs then failed under the load: a virtualized chat's view moved 250 px as an
    // older page landed, and a menu opened while the chat refetched never showed its items.
    fileParallelism: false,
    sequence: { groupOrder: 2 },
    // each test waits on conditions; a poll gets 10 s for its condition on a loaded machine, not vitest's 1 s
    expect: { poll: { timeout: POLL_TIMEOUT_MS } },
    // the files share one Node process (each test opens its own Chromium context): no new process per file
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
