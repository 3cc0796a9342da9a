// Unexpected failures are sent to Sentry when SENTRY_DSN is set, so the operator learns of them without reading logs:
// a request's (the generic 500 of errors.ts) and a turn's in the user's Durable Object (an answer that ended in
// provider_error for a reason other than the provider's own refusal, or a turn D1 would not save). toucan-js is the Workers SDK that needs neither a wrapper around the whole
// worker nor a Node compatibility flag; it is imported only when an error is reported with a DSN set, so a worker
// without one (locally, in tests) loads and sends nothing. The event carries the error, the request id (a tag, the
// id the user sees and quotes), the method, the route as registered and the URL without its query string (a turn: its
// model and message id), and the user as the same hash the request log writes; never headers, cookies or bodies.
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./app-env";
import { userHash } from "./request-log";

/** How long the report may keep the request's work alive after its response, in ms. */
const FLUSH_TIMEOUT_MS = 2_000;

/** What keeps the report alive after the answer: the request's execution context or the object's state. */
type WorkContext = { waitUntil(promise: Promise<unknown>): void };

/** What an event says besides the error: tags (searchable in Sentry), extras, and the user's id (sent hashed). */
export interface ReportFields {
  tags: Record<string, string>;
  extra?: Record<string, string>;
  userId: string | null;
}

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
  const requestId = c.get("requestId");
  reportError({ dsn, ctx }, err, {
    tags: { ...(requestId ? { request_id: requestId } : {}), method: c.req.method, route: routePath(c, -1) },
    extra: { url: url.origin + url.pathname },
    userId: c.get("user")?.id ?? null,
  });
}

/** Reports `err` with `fields` once `ctx` lets it run; SENTRY_DSN unset or blank: nothing. */
export function reportError(
  { dsn: configured, ctx }: { dsn: string | undefined; ctx: WorkContext },
  err: unknown,
  fields: ReportFields,
): void {
  const dsn = configured?.trim();
  if (!dsn) return;
  ctx.waitUntil(
    send(dsn, ctx, err instanceof Error ? err : new Error(String(err)), fields).catch((sendErr: unknown) => {
      console.error(
        JSON.stringify({
          event: "error_report_failed",
          request_id: fields.tags.request_id ?? null,
          error: String(sendErr),
        }),
      );
    }),
  );
}

async function send(dsn: string, ctx: WorkContext, err: Error, fields: ReportFields): Promise<void> {
  // the ES module file, not the package root: toucan-js.d.ts says why
  const { Toucan } = await import("toucan-js/dist/index.esm.js");
  const sentry = new Toucan({ dsn, context: ctx });
  for (const [name, value] of Object.entries(fields.tags)) sentry.setTag(name, value);
  for (const [name, value] of Object.entries(fields.extra ?? {})) sentry.setExtra(name, value);
  if (fields.userId) sentry.setUser({ id: await userHash(fields.userId) });
  sentry.captureException(err);
  await sentry.getClient()?.flush(FLUSH_TIMEOUT_MS);
}
