// SPA unit and component tests (jsdom): stores, rules, the markdown block renderer.
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { WEB_UNIT_TESTS } from "./vitest.web-unit.config.ts";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    // One jsdom per file in a VM context of a kept worker: setting up a jsdom process per file was 1.3 s of every
    // file's time (52 s of the project's 58 s); a VM context takes a few ms. Each file still gets its own modules.
    pool: "vmThreads",
    setupFiles: ["./test/web/support/web-streams.ts"],
    include: ["test/web/**/*.test.{ts,tsx}"],
    // the pure ones run in Node (vitest.web-unit.config.ts)
    exclude: [...configDefaults.exclude, WEB_UNIT_TESTS],
    // The seeded markdown property tests take ~3 s alone and several times that on a busy 2-core machine.
    testTimeout: 30_000,
  },
});
