// GET '/': a guest's page load gets the pre-rendered landing page (the assets' /landing), a signed-in visitor's page
// load and any request that is not a page load (the service worker precaching its shell) get the SPA's index.html,
// both varying on the cookies; without a landing page (vite dev) everyone gets the SPA. The assets are a fake Fetcher
// that names what it served, passed in the env the test gives app.fetch.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { ORIGIN } from "../../support/api";

/** Static assets with index.html at '/' and, unless `withLanding` is false, landing.html at /landing. */
function fakeAssets(withLanding = true) {
  const asked: string[] = [];
  const assets = {
    async fetch(input: RequestInfo | URL) {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      if (path === "/landing") return withLanding ? page("landing.html") : new Response("Not found", { status: 404 });
      return page("index.html");
    },
    connect() {
      throw new Error("not used");
    },
  };
  return { assets: assets as unknown as Fetcher, asked };
}

function page(name: string) {
  return new Response(`<!doctype html><title>${name}</title>`, {
    headers: {
      "Content-Type": "text/html",
      "Cache-Control": "public, max-age=0, must-revalidate",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    },
  });
}

async function get(headers: Record<string, string>, withLanding = true) {
  const { assets, asked } = fakeAssets(withLanding);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}/`, { headers }), { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, body: await res.text(), asked };
}

const NAVIGATION = {
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
};

describe("GET /", () => {
  it("gives a guest's page load the pre-rendered landing page, varying on the cookies", async () => {
    const { res, body, asked } = await get(NAVIGATION);
    expect(res.status).toBe(200);
    expect(body).toContain("landing.html");
    expect(asked).toEqual(["/landing"]);
    expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
    expect(res.headers.get("Content-Type")).toContain("text/html");
  });

  it("keeps the static pages' own security headers (web/public/_headers), not the API's", async () => {
    for (const headers of [NAVIGATION, { ...NAVIGATION, Cookie: "session_token=s; jwt_token=j" }]) {
      const { res } = await get(headers);
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("treats a page load without Sec-Fetch-Mode that asks for HTML as a navigation", async () => {
    const { body } = await get({ Accept: "text/html,*/*;q=0.8" });
    expect(body).toContain("landing.html");
  });

  it("gives the landing page to a guest with other cookies (a referral, preferences)", async () => {
    const { body } = await get({ ...NAVIGATION, Cookie: "may_ref=ABC123.1700000000000; other=1" });
    expect(body).toContain("landing.html");
  });

  it.each([
    ["jwt_token", "jwt_token=eyJhbGciOiJIUzI1NiJ9.e30.x"],
    ["session_token", "session_token=0123456789abcdef"],
    ["both credential cookies", "may_ref=X.1; jwt_token=eyJ.e30.x; session_token=abc"],
  ])("gives a signed-in page load (%s) the SPA, varying on the cookies", async (_label, cookie) => {
    const { res, body, asked } = await get({ ...NAVIGATION, Cookie: cookie });
    expect(res.status).toBe(200);
    expect(body).toContain("index.html");
    expect(asked).toEqual(["/"]);
    expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
  });

  it.each([
    ["the service worker's precache fetch", { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty", Accept: "*/*" }],
    ["a same-origin fetch asking for HTML", { "Sec-Fetch-Mode": "same-origin", Accept: "text/html" }],
    ["a client without Sec-Fetch-Mode not asking for HTML", { Accept: "*/*" }],
  ])("gives %s the SPA, not the landing page", async (_label, headers) => {
    const { body, asked, res } = await get(headers);
    expect(body).toContain("index.html");
    expect(asked).toEqual(["/"]);
    expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
  });

  it("falls back to the SPA for a guest when there is no landing page (vite dev)", async () => {
    const { res, body, asked } = await get(NAVIGATION, false);
    expect(res.status).toBe(200);
    expect(body).toContain("index.html");
    expect(asked).toEqual(["/landing", "/"]);
  });
});
