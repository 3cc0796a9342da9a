// SPA unit and component tests (jsdom): stores, rules, the markdown block renderer.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["test/web/**/*.test.{ts,tsx}"],
    // The seeded markdown property tests take ~3 s alone and several times that on a busy 2-core machine.
    testTimeout: 30_000,
  },
});
