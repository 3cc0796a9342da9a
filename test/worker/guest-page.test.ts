// GET /login, /register and /reset-password (worker/http/guest-page.ts): a guest's page load gets the page pre-rendered
// at build time (the assets' /guest/<page>), the mailed reset link its own page; a signed-in visitor's page load, any
// request that is not a page load, and a build without the pages (vite dev) get the SPA's index.html as the assets
// serve these addresses; every answer varies on the cookies and keeps the static pages' own security headers. With
// both Turnstile keys set, the pre-rendered page carries the public site key for its script. The assets are a fake
// Fetcher that names what it served.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { ORIGIN } from "../support/api";

/** Static assets: the pre-rendered pages under /guest/ (unless `built` is false), index.html for anything else. */
function fakeAssets(built: boolean) {
  const asked: string[] = [];
  const conditional: (string | null)[] = [];
  const page = (name: string) =>
    new Response(`<!doctype html><html lang="en"><title>${name}</title></html>`, {
      headers: {
        "Content-Type": "text/html",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        ETag: '"file-etag"',
      },
    });
  const assets = {
    async fetch(input: RequestInfo | URL) {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      conditional.push(input instanceof Request ? input.headers.get("If-None-Match") : null);
      if (path.startsWith("/guest/")) return built ? page(path) : new Response("Not found", { status: 404 });
      return page("index.html");
    },
    connect() {
      throw new Error("not used");
    },
  };
  return { assets: assets as unknown as Fetcher, asked, conditional };
}

async function get(
  path: string,
  headers: Record<string, string>,
  built = true,
  method = "GET",
  vars: Partial<Env> = {},
) {
  const { assets, asked, conditional } = fakeAssets(built);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers }),
    { ...env, ...vars, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { res, body: await res.text(), asked, conditional };
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

  describe("with Cloudflare Turnstile", () => {
    // (a quote in the key cannot end the attribute)
    const KEYS = { TURNSTILE_SITE_KEY: '0x4AAA"site-key', TURNSTILE_SECRET_KEY: "secret" };
    const KEY_ATTR = 'data-turnstile-site-key="0x4AAA&quot;site-key"';

    it.each(["/register", "/reset-password", "/login"])(
      "give the pre-rendered %s its site key when both keys are set, whole and without the file's ETag",
      async (path) => {
        const { res, body, conditional } = await get(
          path,
          { ...NAVIGATION, "If-None-Match": '"file-etag"' },
          true,
          "GET",
          KEYS,
        );
        expect(res.status).toBe(200);
        expect(body).toContain(`<html lang="en" ${KEY_ATTR}>`);
        // a copy the browser kept from before has no key: the page is sent whole, and names no version of the file
        expect(conditional).toEqual([null]);
        expect(res.headers.get("ETag")).toBeNull();
        expect(res.headers.get("X-Frame-Options")).toBe("DENY");
        expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
      },
    );

    it.each([
      ["only the site key", { TURNSTILE_SITE_KEY: "0x4AAA-site-key", TURNSTILE_SECRET_KEY: "" }],
      ["only the secret", { TURNSTILE_SITE_KEY: " ", TURNSTILE_SECRET_KEY: "secret" }],
    ])("leave the page as built with %s (Turnstile is off)", async (_label, vars) => {
      const { res, body, conditional } = await get(
        "/register",
        { ...NAVIGATION, "If-None-Match": '"x"' },
        true,
        "GET",
        vars,
      );
      expect(body).not.toContain("turnstile");
      expect(conditional).toEqual(['"x"']);
      expect(res.headers.get("ETag")).toBe('"file-etag"');
    });

    it("leave the SPA's index.html as it is for a signed-in visitor", async () => {
      const { body } = await get("/register", { ...NAVIGATION, Cookie: "session_token=abc" }, true, "GET", KEYS);
      expect(body).toContain("index.html");
      expect(body).not.toContain("turnstile");
    });
  });
});
