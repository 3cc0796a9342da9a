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
    // After the other projects (vitest.config.ts), two browser files at a time, one per core: each test has its own
    // account and chats, and a page waits for what it shows. Waiting for a request or for Chromium leaves a core idle
    // half the time, so a second file fills it. A file waits on conditions only, which can take longer when the
    // other file is busy: polls get 10 s, not vitest's 1 s.
    sequence: { groupOrder: 1 },
    expect: { poll: { timeout: POLL_TIMEOUT_MS } },
    // the files of one worker share its Node process (each test opens its own Chromium context): no new process per
    // file
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
