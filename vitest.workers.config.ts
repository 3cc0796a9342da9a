// Worker and Durable Object tests, run inside workerd by @cloudflare/vitest-pool-workers with the real migrations.
// A fake upstream speaking each model provider's wire format runs in this Node process for the adapter tests.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { mkdirSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { startFakeUpstream } from "./test/support/fake-upstream.ts";

export default defineConfig(async () => {
  // wrangler.toml's assets folder must exist for the pool to start, even before the SPA has been built.
  mkdirSync("dist/client", { recursive: true });
  const upstream = await startFakeUpstream();
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            JWT_SECRET: "test-secret-for-vitest-only",
            // The offline model streams with a 1 ms pause per chunk in tests instead of the app's 25 ms.
            OFFLINE_MODEL_DELAY_MS: "1",
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            FAKE_UPSTREAM_URL: upstream.url,
            // Blank provider keys, so a developer's .dev.vars never sends test traffic to a real provider.
            OPENAI_API_KEY: "",
            ANTHROPIC_API_KEY: "",
            GOOGLE_GENERATIVE_AI_API_KEY: "",
            XAI_API_KEY: "",
            DEEPSEEK_API_KEY: "",
            CLOUDFLARE_API_TOKEN: "",
            OPENAI_COMPATIBLE_BASE_URL: "",
            MODEL_ROUTES: "",
          },
        },
      }),
    ],
    test: {
      name: "workers",
      include: ["test/worker/**/*.test.ts", "test/durable-objects/**/*.test.ts"],
      setupFiles: ["./test/support/apply-migrations.ts"],
      testTimeout: 20_000,
    },
  };
});
