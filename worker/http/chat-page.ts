// GET /c/<id>: a signed-in user opening a chat by its address (a link, a reload, a new tab) gets the SPA's page with
// the chat's last messages already in it (worker/http/chat-preview-html.ts), so they show on the first paint instead
// of after the app's framework has loaded, run and laid out the chat (about a second in a fresh browser on a phone).
// The page's head goes out at once; the messages follow as soon as the session is checked and they are read (the
// rewriter holds the body meanwhile). Anything else (a guest, a session that ended, another user's chat or one that is
// gone, a request that is not a page load) gets the page as the assets serve it, and the app decides, as before.
// wrangler.toml lists /c/* in run_worker_first so this runs before the assets.
import type { Context } from "hono";
import * as v from "valibot";
import { getChatWithMessagesPage } from "../db/messages";
import { shardDb } from "../db/shards";
import { AppError } from "../errors";
import { idSchema } from "../lib/validate";
import type { AppEnv } from "./app-env";
import { authenticate, type Credentials, readCredentials } from "./auth-middleware";
import { chatPreviewHtml, type PreviewMessage } from "./chat-preview-html";
import { isNavigation } from "./landing-page";
import { CHAT_STYLES_META } from "../protocol/page-meta";

/**
 * Messages drawn on the server: the app's list opens with its last 8 laid out (INITIAL_WINDOW in
 * web/src/features/chat/message-list.tsx), more than a screen, and draws the others above once it runs.
 */
export const PREVIEW_MESSAGES = 8;

/** A built stylesheet's address, as the build names them (anything else in the meta tag is ignored). */
const STYLESHEET = /^\/assets\/[\w.-]+\.css$/;

/** The chat's last messages, or none (any failure: the app then opens the chat as before). */
async function lastMessagesOf(c: Context<AppEnv>, creds: Credentials, chatId: string): Promise<PreviewMessage[]> {
  try {
    const { user, shard, hub } = await authenticate(c.env, creds);
    // The user's object keeps the windows of the chats used lately: no D1 read then (D1 is in one region, the object
    // near the user). Otherwise the chat's last messages from D1, the user in the query.
    const kept = await hub.chatTail(chatId, PREVIEW_MESSAGES);
    if (kept) return kept.map((m) => ({ ...m, error: false }));
    const found = await getChatWithMessagesPage({
      db: shardDb(c.env, shard),
      chatId,
      userId: user.id,
      limit: PREVIEW_MESSAGES,
    });
    return found ? found.messages.map((m) => ({ ...m, error: Boolean(m.error) })) : [];
  } catch (err) {
    // An ended session or a bad cookie is the app's to handle; anything else is worth a line in the log.
    if (!(err instanceof AppError)) console.error("chat page preview failed", err);
    return [];
  }
}

/** A built stylesheet's text from the assets, or "" if it cannot be read (the messages then show unstyled). */
async function stylesheet(c: Context<AppEnv>, href: string): Promise<string> {
  try {
    const res = await c.env.ASSETS.fetch(new Request(new URL(href, c.req.url)));
    return res.ok ? await res.text() : "";
  } catch (err) {
    console.error("chat page stylesheet unreadable", href, err);
    return "";
  }
}

export async function chatPageOrApp(c: Context<AppEnv>): Promise<Response> {
  const chatId = c.req.param("id") ?? "";
  const creds = readCredentials(c);
  if (!isNavigation(c) || !v.is(idSchema, chatId) || !creds) return c.env.ASSETS.fetch(c.req.raw);
  const messages = lastMessagesOf(c, creds, chatId);
  // The page is written for this user: never a 304 for a copy kept without it, and never kept by a shared cache.
  const headers = new Headers(c.req.raw.headers);
  for (const name of ["If-None-Match", "If-Modified-Since"]) headers.delete(name);
  const page = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url), { headers }));
  if (!page.ok) return new Response(page.body, page);
  // The stylesheets of the chat's messages, as the build named them, go inline with the messages: the first paint
  // then waits on no request but the page's own stylesheets (a fresh browser on HTTP/1.1 queues the app's many files
  // on six connections). They leave with the messages, once the app's own links of the same files apply.
  let styles: Promise<string[]> = Promise.resolve([]);
  const out = new HTMLRewriter()
    .on(`meta[name="${CHAT_STYLES_META}"]`, {
      element(meta) {
        const hrefs = (meta.getAttribute("content") ?? "").split(" ").filter((href) => STYLESHEET.test(href));
        styles = Promise.all(hrefs.map((href) => stylesheet(c, href)));
      },
    })
    .on("div#root", {
      async element(root) {
        const [shown, css] = await Promise.all([messages, styles]);
        if (shown.length) root.after(chatPreviewHtml(shown, css.filter(Boolean).join("\n")), { html: true });
      },
    })
    .transform(page);
  const res = new Response(out.body, out);
  res.headers.delete("ETag");
  res.headers.set("Cache-Control", "private, no-store");
  res.headers.append("Vary", "Cookie");
  return res;
}
