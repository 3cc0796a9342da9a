// The browser tests that run one file at a time, after the others (vitest.browser.config.ts says which and why).
import { defineConfig } from "vitest/config";
import { ALONE_FILES, browserTest } from "./vitest.browser.config";

export default defineConfig({
  test: {
    ...browserTest,
    name: "browser-alone",
    include: ALONE_FILES,
    fileParallelism: false,
    sequence: { groupOrder: 3 },
  },
});
