// The Worker entry: the Hono app for every request that reaches the Worker, the daily scheduled run (wrangler.toml
// [triggers]: deleted chats purged after 30 days, worker/db/purge.ts), and the per-user Durable Object class.
import { app } from "./app";
import { purgeAllDatabases } from "./db/purge";

export { UserHub } from "../durable-objects/user-hub";

export default {
  fetch: app.fetch,
  async scheduled(_controller, env) {
    const purged = await purgeAllDatabases(env);
    console.log(JSON.stringify({ event: "purge_deleted_chats", purged }));
  },
} satisfies ExportedHandler<Env>;
