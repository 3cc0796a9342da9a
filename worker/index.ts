// The Worker entry: the Hono app for every request that reaches the Worker, and the per-user Durable Object class.
import { app } from "./app";

export { UserHub } from "../durable-objects/user-hub";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
