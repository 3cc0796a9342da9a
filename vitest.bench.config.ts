// `npm run bench`: the markdown streaming benchmark (jsdom). Kept out of `npm test`: it takes about a minute and
// prints timings instead of asserting them.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "bench",
    environment: "jsdom",
    include: ["test/bench/**/*.bench.{ts,tsx}"],
    testTimeout: 300_000,
    // Print the results table as it is written, not buffered per test.
    disableConsoleIntercept: true,
  },
});
