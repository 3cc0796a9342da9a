// Worker and Durable Object tests, run inside workerd by @cloudflare/vitest-pool-workers with the real migrations.
// A fake upstream speaking each model provider's wire format runs in this Node process for the adapter tests.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { mkdirSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";
import {
  FAKE_FACEBOOK_APP_ID,
  FAKE_FACEBOOK_APP_SECRET,
  FAKE_OAUTH_SECRET,
  startFakeIdentity,
} from "./test/support/fake-identity.ts";
import { startFakeImages } from "./test/support/fake-images.ts";
import { startFakeSearch } from "./test/support/fake-search.ts";
import { startFakeUpstream } from "./test/support/fake-upstream.ts";
import { WORKER_UNIT_TESTS } from "./vitest.unit.config.ts";

export default defineConfig(async () => {
  // wrangler.toml's assets folder must exist for the pool to start, even before the SPA has been built.
  mkdirSync("dist/client", { recursive: true });
  const upstream = await startFakeUpstream();
  const identity = await startFakeIdentity();
  const search = await startFakeSearch();
  const images = await startFakeImages();
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            JWT_SECRET: "test-secret-for-vitest-only",
            // The operator's calls (/ops): a test-only secret.
            OPS_SECRET: "test-ops-secret",
            // No operators but those a test names (worker/admin/operators.ts), whatever a developer's .dev.vars says.
            ADMIN_EMAILS: "",
            ADMIN_FIRST_ACCOUNT: "",
            // The offline model streams with a 1 ms pause per chunk in tests instead of the app's 25 ms.
            OFFLINE_MODEL_DELAY_MS: "1",
            TEST_MIGRATIONS: await readD1Migrations("./migrations"),
            // The chat shards' schema (wrangler.toml's CHATS_<n> bindings: two, as `npm start` runs).
            TEST_CHAT_MIGRATIONS: await readD1Migrations("./migrations/chats"),
            // The seeded rows (seeds/*.sql, e.g. the notification feeds), applied after the migrations like `npm start` does.
            TEST_SEEDS: await readD1Migrations("./seeds"),
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
            // Web search: the fake search server (test/support/fake-search.ts); no provider unless a test configures one.
            FAKE_SEARCH_URL: search.url,
            SEARCH_PROVIDER: "",
            TAVILY_API_KEY: "",
            BRAVE_SEARCH_API_KEY: "",
            SEARXNG_BASE_URL: "",
            // Images: the fake image providers (test/support/fake-images.ts); the offline model unless a test configures one.
            FAKE_IMAGES_URL: images.url,
            IMAGE_PROVIDER: "",
            IMAGE_BASE_URL: "",
            IMAGE_API_KEY: "",
            // Accounts: mail goes to the dev mailbox; Google, Facebook and the external model key checks go to the
            // fake identity server (test/support/fake-identity.ts); BYO keys are encrypted under a test-only key.
            FAKE_IDENTITY_URL: identity.url,
            MAIL_API_URL: "",
            MAIL_API_KEY: "",
            DEV_MAILBOX: "1",
            GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
            GOOGLE_JWKS_URL: `${identity.url}/google/certs`,
            FACEBOOK_APP_ID: FAKE_FACEBOOK_APP_ID,
            FACEBOOK_APP_SECRET: FAKE_FACEBOOK_APP_SECRET,
            FACEBOOK_GRAPH_URL: `${identity.url}/facebook`,
            MODEL_KEYS_SECRET: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
            GOOGLE_CLIENT_SECRET: FAKE_OAUTH_SECRET,
            MICROSOFT_CLIENT_ID: "fake-microsoft-client",
            MICROSOFT_CLIENT_SECRET: FAKE_OAUTH_SECRET,
            CONNECTED_APPS_OAUTH_BASE_URLS: JSON.stringify(
              Object.fromEntries(
                ["google", "microsoft-consumers", "microsoft-organizations"].map((s) => [
                  s,
                  `${identity.url}/oauth/${s}`,
                ]),
              ),
            ),
            CONNECTED_APPS_API_BASE_URLS: JSON.stringify({ google: identity.url, microsoft: `${identity.url}/graph` }),
            EXTERNAL_MODEL_BASE_URLS: JSON.stringify(
              Object.fromEntries(
                ["xai", "meta", "google", "anthropic", "deepseek", "github", "perplexity"].map((p) => [
                  p,
                  `${identity.url}/byok/${p}`,
                ]),
              ),
            ),
          },
        },
      }),
    ],
    test: {
      name: "workers",
      include: ["test/worker/**/*.test.ts", "test/durable-objects/**/*.test.ts"],
      // the pure ones run in Node (vitest.unit.config.ts)
      exclude: [...configDefaults.exclude, WORKER_UNIT_TESTS],
      setupFiles: ["./test/support/apply-migrations.ts"],
      testTimeout: 20_000,
      // After the jsdom and Node files, on their own: two files at a time, one per core (three took 121 s, two 115 s).
      sequence: { groupOrder: 1 },
      maxWorkers: 2,
      // Each vitest worker keeps one runtime for all its files: starting workerd and loading the worker's modules cost
      // a file about 4 s (the project took 216 s with a runtime per file, 121 s without). The setup file gives each
      // file empty storage and the original env, as a runtime of its own would.
      isolate: false,
      // and a spy or a stubbed global never outlives the test that made it, into the next test or the next file
      restoreMocks: true,
      unstubGlobals: true,
    },
  };
});
