// GET /dev/mailbox: the mail a local server "sent" (no mail API configured), newest first, as a page; and
// GET /dev/mailbox/messages?to=<email> as JSON for scripts and tests. It exists only where all three hold: no
// MAIL_API_URL, DEV_MAILBOX=1 (written by `npm start` into .dev.vars, never into wrangler.toml) and a loopback host
// (localhost, 127.0.0.1, [::1]) — a deployed Worker is reached by its public hostname, so it is a 404 there.
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import * as v from "valibot";
import { devMailbox } from "../db/schema";
import { normalizeEmail } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import { mailTransport } from "../mail/send";

/** Mails listed at most: the newest 100. */
const LIST_LIMIT = 100;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const QuerySchema = v.object({ to: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))) });

export const devMailboxRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    const host = new URL(c.req.url).hostname;
    const local = LOOPBACK.has(host) || host.endsWith(".localhost");
    if (!local || mailTransport(c.env) !== "dev-mailbox")
      throw new AppError("not_found", `No route for ${c.req.method} ${c.req.path}`);
    await next();
  })
  .get("/messages", valid("query", QuerySchema), async (c) => {
    const { to } = c.req.valid("query");
    const rows = await c.var.db
      .select()
      .from(devMailbox)
      .where(to ? eq(devMailbox.toAddress, normalizeEmail(to)) : undefined)
      .orderBy(desc(devMailbox.id))
      .limit(LIST_LIMIT);
    const data = rows.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.bodyText,
      created_at: isoOrNull(m.createdAt),
    }));
    return c.json({ status: "success", data }, 200);
  })
  .get("/", async (c) => {
    const rows = await c.var.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(LIST_LIMIT);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>Dev mailbox · Mây</title>
          <style>
            body { font: 15px/1.5 system-ui, sans-serif; max-width: 760px; margin: 2rem auto; padding: 0 1rem; }
            article { border: 1px solid #ccc; border-radius: 8px; padding: 0.75rem 1rem; margin: 1rem 0; }
            pre { white-space: pre-wrap; font: inherit; }
            small { color: #666; }
          </style>
        </head>
        <body>
          <h1>Dev mailbox</h1>
          <p>Mail this local server would have sent. It is shown here because no mail API is configured.</p>
          ${rows.length === 0 ? html`<p>No mail yet.</p>` : ""}
          ${rows.map(
            (m) => html`<article>
              <small>${isoOrNull(m.createdAt)} · to ${m.toAddress}</small>
              <h2>${m.subject}</h2>
              <pre>${m.bodyText}</pre>
            </article>`,
          )}
        </body>
      </html>`);
  });
