// GET /login, /register and /reset-password: a guest's page load gets the page pre-rendered at build time
// (dist/client/guest/<page>.html, written by scripts/prerender-guest-pages-plugin.ts: it paints at once, with a small
// script instead of the SPA's framework); a signed-in visitor's (credential cookies present) and any request that is
// not a page load get the SPA's index.html, as the assets would serve these addresses, so the SPA's own routes decide
// (a signed-in visitor goes on to the chat). The mailed reset link (?token=<64 hex digits>) gets the page that opens at
// the new password. wrangler.toml lists the three paths in run_worker_first so this runs before the assets; without a
// built page (vite dev) the SPA answers, and it shows the same forms itself.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { prerenderedOrApp } from "./landing-page";

/** Each address and the pre-rendered page the assets serve for it (web/src/features/auth/prerendered/guest-contract.ts). */
export const GUEST_PAGES: Readonly<Record<string, string>> = {
  "/login": "/guest/login",
  "/register": "/guest/register",
  "/reset-password": "/guest/reset-password",
};

/** The mailed reset link's page: the token (as the SPA's route accepts it) stands for the mailed code. */
const RESET_LINK_PAGE = "/guest/reset-password-link";
const RESET_TOKEN = /^[0-9a-f]{64}$/;

export function guestPageOrApp(c: Context<AppEnv>): Promise<Response> {
  const path = c.req.path;
  const link = path === "/reset-password" && RESET_TOKEN.test(c.req.query("token") ?? "");
  return prerenderedOrApp(c, link ? RESET_LINK_PAGE : (GUEST_PAGES[path] ?? "/"));
}
