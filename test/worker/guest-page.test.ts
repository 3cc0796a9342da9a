// GET /login, /register and /reset-password (worker/http/guest-page.ts): a guest's page load gets the page pre-rendered
// at build time (the assets' /guest/<page>), the mailed reset link its own page; a signed-in visitor's page load, any
// request that is not a page load, and a build without the pages (vite dev) get the SPA's index.html as the assets
// serve these addresses; every answer varies on the cookies and keeps the static pages' own security headers. The
// assets are a fake Fetcher that names what it served.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { ORIGIN } from "../support/api";

/** Static assets: the pre-rendered pages under /guest/ (unless `built` is false), index.html for anything else. */
function fakeAssets(built: boolean) {
  const asked: string[] = [];
  const page = (name: string) =>
    new Response(`<!doctype html><title>${name}</title>`, {
      headers: {
        "Content-Type": "text/html",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "strict-origin-when-cross-origin",
      },
    });
  const assets = {
    async fetch(input: RequestInfo | URL) {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      if (path.startsWith("/guest/")) return built ? page(path) : new Response("Not found", { status: 404 });
      return page("index.html");
    },
    connect() {
      throw new Error("not used");
    },
  };
  return { assets: assets as unknown as Fetcher, asked };
}

async function get(path: string, headers: Record<string, string>, built = true, method = "GET") {
  const { assets, asked } = fakeAssets(built);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { method, headers }), { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, body: await res.text(), asked };
}

const NAVIGATION = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html,*/*;q=0.8" };
const TOKEN = "0123456789abcdef".repeat(4);

describe("the guest pages", () => {
  it.each([
    ["/login", "/guest/login"],
    ["/register", "/guest/register"],
    ["/reset-password", "/guest/reset-password"],
    [`/reset-password?token=${TOKEN}`, "/guest/reset-password-link"],
    ["/reset-password?token=not-a-token", "/guest/reset-password"],
    ["/login?reason=expired", "/guest/login"],
  ])("give a guest's page load of %s the pre-rendered %s, varying on the cookies", async (path, asset) => {
    const { res, body, asked } = await get(path, NAVIGATION);
    expect(res.status).toBe(200);
    expect(body).toContain(asset);
    expect(asked).toEqual([asset]);
    expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
    // the static pages' own security headers (web/public/_headers), not the API's
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
  });

  it("give the page to a guest with other cookies, and to a browser without Sec-Fetch-Mode asking for HTML", async () => {
    expect((await get("/register", { ...NAVIGATION, Cookie: "may_ref=ABC.1; language=vi" })).asked).toEqual([
      "/guest/register",
    ]);
    expect((await get("/login", { Accept: "text/html" })).asked).toEqual(["/guest/login"]);
  });

  it.each([
    ["a signed-in page load", { ...NAVIGATION, Cookie: "jwt_token=eyJ.e30.x; session_token=abc" }],
    ["a page load with the session cookie only", { ...NAVIGATION, Cookie: "session_token=abc" }],
    ["a fetch (the app's own, a prefetch)", { "Sec-Fetch-Mode": "cors", Accept: "*/*" }],
  ])("give %s the SPA, varying on the cookies", async (_label, headers) => {
    for (const path of ["/login", "/register", "/reset-password"]) {
      const { res, body, asked } = await get(path, headers);
      expect(res.status).toBe(200);
      expect(body).toContain("index.html");
      expect(asked).toEqual([path]);
      expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
    }
  });

  it("fall back to the SPA for a guest when the pages were not built (vite dev)", async () => {
    const { res, body, asked } = await get("/login", NAVIGATION, false);
    expect(res.status).toBe(200);
    expect(body).toContain("index.html");
    expect(asked).toEqual(["/guest/login", "/login"]);
  });

  it("are pages only: a POST to their address is the API's JSON 404", async () => {
    const { res, asked } = await get("/login", { "Content-Type": "application/json" }, true, "POST");
    expect(res.status).toBe(404);
    expect(asked).toEqual([]);
  });
});
