// The Worker as the hot-path benchmark runs it under Miniflare: the real app and Durable Object, with the D1 binding
// wrapped in the benchmark's environment only (never a branch in production code) so every D1 round trip can be
// delayed by D1_DELAY_MS, as if D1 were in a far region, and counted. GET /__bench/d1 reads and resets the count.
import worker, { UserHub as RealUserHub } from "../../../worker/index";
import { wrapD1 } from "../../support/d1-wrapper";

let d1Calls = 0;

function benchEnv(env: Env & { D1_DELAY_MS?: string }): Env {
  const delayMs = Number(env.D1_DELAY_MS ?? 0);
  const DB = wrapD1(env.DB, async () => {
    d1Calls++;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  });
  return { ...env, DB };
}

export class UserHub extends RealUserHub {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, benchEnv(env));
  }
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    if (new URL(request.url).pathname === "/__bench/d1") {
      const calls = d1Calls;
      d1Calls = 0;
      return Response.json({ calls });
    }
    return worker.fetch(request, benchEnv(env), ctx);
  },
} satisfies ExportedHandler<Env>;
