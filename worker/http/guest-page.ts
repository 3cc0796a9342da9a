// GET /login, /register and /reset-password: a guest's page load gets the page pre-rendered at build time
// (dist/client/guest/<page>.html, written by scripts/prerender-guest-pages-plugin.ts: it paints at once, with a small
// script instead of the SPA's framework); a signed-in visitor's (credential cookies present) and any request that is
// not a page load get the SPA's index.html, as the assets would serve these addresses, so the SPA's own routes decide
// (a signed-in visitor goes on to the chat). The mailed reset link (?token=<64 hex digits>) gets the page that opens at
// the new password. wrangler.toml lists the three paths in run_worker_first so this runs before the assets; without a
// built page (vite dev) the SPA answers, and it shows the same forms itself. With Cloudflare Turnstile on
// (auth/turnstile.ts), the pre-rendered page carries its site key as <html data-turnstile-site-key>, for its script to
// draw the widget on the sign-up and forgot-password forms without asking GET /api/config before the page paints.
import type { Context } from "hono";
import { turnstileSiteKey } from "../auth/turnstile";
import type { AppEnv } from "./app-env";
import { GUEST_PAGES, RESET_LINK_PAGE } from "./guest-page-paths";
import { prerenderedOrApp } from "./landing-page";

export { GUEST_PAGES };

/** The reset link's token, as the SPA's route accepts it (web/src/routes/reset-password.tsx). */
const RESET_TOKEN = /^[0-9a-f]{64}$/;

export function guestPageOrApp(c: Context<AppEnv>): Promise<Response> {
  const path = c.req.path;
  const link = path === "/reset-password" && RESET_TOKEN.test(c.req.query("token") ?? "");
  const siteKey = turnstileSiteKey(c.env);
  return prerenderedOrApp(
    c,
    link ? RESET_LINK_PAGE : (GUEST_PAGES[path] ?? "/"),
    siteKey ? withSiteKey(siteKey) : undefined,
  );
}

/** The page with Turnstile's site key on its <html> element (the rewriter escapes the value). */
const withSiteKey = (siteKey: string) => (page: Response) =>
  new HTMLRewriter()
    .on("html", { element: (html) => void html.setAttribute("data-turnstile-site-key", siteKey) })
    .transform(page);
