// Browser tests: playwright-core drives Debian's Chromium against the real product, started as `npm start` does
// (build, local migrations, wrangler dev) on a free port with its own throwaway state folder, while the other
// projects' tests run. Two projects after the others (vitest.config.ts): "browser" runs its files two at a time, one
// per core; then "browser-alone" runs, one file at a time, the files that measure where things are on screen from
// frame to frame (a virtualized chat's view held still while older pages land, clicks in a list that follows a
// growing answer, a diagram toggled in place). With a second Chromium busy beside them their frames came late, and a
// click landed on a row that moved between the press and the release (3 failures in 5 runs of the project).
// Run both: `npx vitest run --project 'browser*'`.
import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";

/** How long a browser test's `expect.poll` waits for its condition by default, in milliseconds (vitest's is 1 s). */
const POLL_TIMEOUT_MS = 10_000;

/** The files that run alone (see above). */
export const ALONE_FILES = [
  "test/browser/conversation.test.ts",
  "test/browser/rich-answers.test.ts",
  "test/browser/scale.test.ts",
];

/** What both browser projects share. */
export const browserTest = {
  environment: "node",
  // the global setup builds and starts the product in the background (once for both projects): each file waits for it
  globalSetup: ["./test/browser/support/server.ts"],
  setupFiles: ["./test/browser/support/wait-for-product.ts"],
  // each test waits on conditions; a poll gets 10 s for its condition on a loaded machine, not vitest's 1 s
  expect: { poll: { timeout: POLL_TIMEOUT_MS } },
  // the files share one Node process (each test opens its own Chromium context): no new process per file
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 180_000,
} satisfies NonNullable<ViteUserConfig["test"]>;

export default defineConfig({
  test: {
    ...browserTest,
    name: "browser",
    include: ["test/browser/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...ALONE_FILES],
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
  },
});
