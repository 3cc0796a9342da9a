// Bindings that only the test configuration adds (vitest.workers.config.ts).
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    /** Types `exports` from cloudflare:workers in tests as the Worker's main module. */
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
    }
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** migrations/chats, applied to every chat shard by apply-migrations.ts. */
      TEST_CHAT_MIGRATIONS: D1Migration[];
      /** seeds/*.sql split into statements (read like migrations), applied after them by apply-migrations.ts. */
      TEST_SEEDS: D1Migration[];
      /** Base URL of the fake provider upstream started by vitest.workers.config.ts, e.g. http://127.0.0.1:40123 */
      FAKE_UPSTREAM_URL: string;
      /** Base URL of the fake identity/mail/key-check server (test/support/fake-identity.ts). */
      FAKE_IDENTITY_URL: string;
      /** Base URL of the fake web search server (test/support/fake-search.ts). */
      FAKE_SEARCH_URL: string;
      /** Base URL of the fake image providers (test/support/fake-images.ts). */
      FAKE_IMAGES_URL: string;
    }
  }
}
