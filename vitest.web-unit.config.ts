// The SPA's pure modules (rules, formats, validation, the stream reader, the locale files' parity), tested in plain
// Node: a jsdom environment costs a second or more per file for tests that take milliseconds and touch no DOM. A web
// test runs here by its name, `*.unit.test.ts` under test/web; anything that renders or reads the DOM, storage or
// `window` is a plain `*.test.ts(x)` and runs in jsdom (vitest.web.config.ts).
import { defineConfig } from "vitest/config";

/** The web tests that run in Node; vitest.web.config.ts leaves them out. */
export const WEB_UNIT_TESTS = "test/web/**/*.unit.test.ts";

export default defineConfig({
  test: {
    name: "web-unit",
    environment: "node",
    // pure functions with no module state worth isolating: one process for all
    isolate: false,
    include: [WEB_UNIT_TESTS],
  },
});
