// SPA unit and component tests (jsdom): stores, rules, the markdown block renderer.
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { WEB_UNIT_TESTS } from "./vitest.web-unit.config.ts";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["test/web/**/*.test.{ts,tsx}"],
    // the pure ones run in Node (vitest.web-unit.config.ts)
    exclude: [...configDefaults.exclude, WEB_UNIT_TESTS],
    // The seeded markdown property tests take ~3 s alone and several times that on a busy 2-core machine.
    testTimeout: 30_000,
  },
});
