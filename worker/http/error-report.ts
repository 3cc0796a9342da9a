// Unexpected failures (the generic 500 of errors.ts) are sent to Sentry when SENTRY_DSN is set, so the operator
// learns of them without reading logs. toucan-js is the Workers SDK that needs neither a wrapper around the whole
// worker nor a Node compatibility flag; it is imported only when an error is reported with a DSN set, so a worker
// without one (locally, in tests) loads and sends nothing. The event carries the error, the request id (a tag, the
// id the user sees and quotes), the method, the route as registered and the URL without its query string, and the
// user as the same hash the request log writes; never headers, cookies or bodies.
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./app-env";
import { userHash } from "./request-log";

/** How long the report may keep the request's work alive after its response, in ms. */
const FLUSH_TIMEOUT_MS = 2_000;

type WorkContext = Context<AppEnv>["executionCtx"];

/** Reports `err` after the response is sent (waitUntil); does nothing when SENTRY_DSN is unset or blank. */
export function reportUnexpectedError(err: Error, c: Context<AppEnv>): void {
  const dsn = (c.env as Partial<Env> | undefined)?.SENTRY_DSN?.trim();
  if (!dsn) return;
  let ctx: WorkContext;
  try {
    ctx = c.executionCtx;
  } catch {
    return; // no execution context (a bare app.request): nothing could keep the report alive
  }
  const url = new URL(c.req.url);
  const fields = {
    requestId: c.get("requestId") ?? null,
    method: c.req.method,
    route: routePath(c, -1),
    url: url.origin + url.pathname,
    userId: c.get("user")?.id ?? null,
  };
  ctx.waitUntil(
    send(dsn, ctx, err, fields).catch((sendErr: unknown) => {
      console.error(
        JSON.stringify({ event: "error_report_failed", request_id: fields.requestId, error: String(sendErr) }),
      );
    }),
  );
}

async function send(
  dsn: string,
  ctx: WorkContext,
  err: Error,
  fields: { requestId: string | null; method: string; route: string; url: string; userId: string | null },
): Promise<void> {
  // the ES module file, not the package root: toucan-js.d.ts says why
  const { Toucan } = await import("toucan-js/dist/index.esm.js");
  const sentry = new Toucan({ dsn, context: ctx });
  if (fields.requestId) sentry.setTag("request_id", fields.requestId);
  sentry.setTag("method", fields.method);
  sentry.setTag("route", fields.route);
  sentry.setExtra("url", fields.url);
  if (fields.userId) sentry.setUser({ id: await userHash(fields.userId) });
  sentry.captureException(err);
  await sentry.getClient()?.flush(FLUSH_TIMEOUT_MS);
}
