// A path that is both a screen of the SPA and an API resource (/prompts: the library screen, and its JSON list). The
// assets binding would answer every request of such a path with the SPA, so wrangler.toml sends it to the Worker
// first (run_worker_first), and this middleware hands a browser's page load (a navigation) back to the assets: the
// SPA's index.html, with the static files' own headers (web/public/_headers). The app's fetches (Accept:
// application/json) go on to the API.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

export const spaOnNavigation: MiddlewareHandler<AppEnv> = async (c, next) => {
  const navigation =
    c.req.header("Sec-Fetch-Mode") === "navigate" || (c.req.header("Accept") ?? "").includes("text/html");
  if (c.req.method !== "GET" || !navigation) return next();
  const page = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url), { headers: c.req.raw.headers }));
  // A fetched response's headers are immutable; the app's middleware adds its security headers to this copy.
  return new Response(page.body, page);
};
