// `npm run bench`: every figure of the client's performance table in one run, each bench a project of its own so more
// can be added (the worker's under test/bench/worker/). Kept out of `npm test`: benches print numbers and ratios
// instead of asserting them.
//   markdown: the streamed-markdown renderer in jsdom with React's production build.
//   client: the built SPA in Debian's Chromium against `npm start` (JS sizes, a seeded 1,000-message chat and
//   2,000-chat history).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Print the results tables as they are written, not buffered per test.
    disableConsoleIntercept: true,
    projects: [
      {
        // Production mode: React's production build and the automatic JSX runtime, as users run it.
        mode: "production",
        plugins: [react()],
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        test: {
          name: "bench-markdown",
          // Projects in groups run one after the other, so no timing shares the CPU with another bench's. This one runs
          // after the client's: that project's global setup builds and starts its product in the background from the
          // start of the run, which doubled this bench's p95 when it ran first.
          sequence: { groupOrder: 1 },
          environment: "jsdom",
          include: ["test/bench/markdown-stream.bench.tsx"],
          env: { NODE_ENV: "production" },
          testTimeout: 300_000,
        },
      },
      {
        test: {
          name: "bench-client",
          sequence: { groupOrder: 0 },
          environment: "node",
          include: ["test/bench/client/**/*.bench.ts"],
          globalSetup: ["./test/browser/support/server.ts"],
          setupFiles: ["./test/browser/support/wait-for-product.ts"],
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: "bench-worker",
          sequence: { groupOrder: 2 },
          environment: "node",
          include: ["test/bench/worker/**/*.bench.ts"],
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
