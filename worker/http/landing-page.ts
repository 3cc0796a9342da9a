// GET '/': a guest's page load gets the pre-rendered landing page (dist/client/landing.html, served by the assets at
// /landing: no framework to download before the headline shows), everything else gets the SPA's index.html as the
// assets would serve it — a signed-in visitor's navigation (credential cookies present, the chat opens) and any
// request that is not a page load, such as the service worker precaching "/" as the app's shell. wrangler.toml lists
// "/" in run_worker_first so this runs before the assets. Both answers vary on the cookies. Where there is no
// landing.html (vite dev), the SPA answers, and it shows the same landing page itself.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { JWT_COOKIE, SESSION_COOKIE } from "../auth/cookies";
import type { AppEnv } from "./app-env";

/** A browser's page load: Sec-Fetch-Mode says so, or (browsers without it) the request asks for HTML. */
export function isNavigation(c: Context<AppEnv>): boolean {
  const mode = c.req.header("Sec-Fetch-Mode");
  if (mode !== undefined) return mode === "navigate";
  return (c.req.header("Accept") ?? "").includes("text/html");
}

function hasCredentials(c: Context<AppEnv>): boolean {
  return Boolean(getCookie(c, JWT_COOKIE) || getCookie(c, SESSION_COOKIE));
}

/** The assets' answer with the app's middleware free to add headers (a fetched response's headers are immutable). */
function varyOnCookie(res: Response): Response {
  const copy = new Response(res.body, res);
  copy.headers.append("Vary", "Cookie");
  return copy;
}

/**
 * A guest's page load gets the pre-rendered page the assets serve at `asset`; anything else (or a build without that
 * page) gets what the assets answer for the request itself: the SPA's index.html. Shared with guest-page.ts, whose
 * `rewrite` adds to the page what only the worker knows: the page is then asked for whole (no 304 for a copy the
 * browser kept without it) and has no ETag (the file's would not name what was served).
 */
export async function prerenderedOrApp(
  c: Context<AppEnv>,
  asset: string,
  rewrite?: (page: Response) => Response,
): Promise<Response> {
  if (isNavigation(c) && !hasCredentials(c)) {
    const headers = new Headers(c.req.raw.headers);
    if (rewrite) for (const name of ["If-None-Match", "If-Modified-Since"]) headers.delete(name);
    const page = await c.env.ASSETS.fetch(new Request(new URL(asset, c.req.url), { headers }));
    if (page.status !== 404) {
      if (!rewrite) return varyOnCookie(page);
      const out = varyOnCookie(rewrite(page));
      out.headers.delete("ETag");
      return out;
    }
  }
  return varyOnCookie(await c.env.ASSETS.fetch(c.req.raw));
}

export const landingOrApp = (c: Context<AppEnv>) => prerenderedOrApp(c, "/landing");
