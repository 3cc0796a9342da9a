// Debian's Chromium through playwright-core (playwright cannot download browsers here): a fresh context per caller.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const SHOTS_DIR = join(process.cwd(), "test-output", "screenshots");

/**
 * One Chromium for the whole browser run (the test files share a process): starting a browser costs seconds on a
 * loaded two-core machine, a context a fraction of one, and each test's context is as fresh as a new profile (its own
 * cookies, storage, cache and service workers). Playwright closes the browser when the process exits.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  return shared;
}

/** A fresh browser context. `phone`: Lighthouse's mobile device (a touch screen, 412×823 at 1.75 device pixels per CSS pixel). */
export async function launch(
  opts: {
    viewport?: { width: number; height: number };
    locale?: string;
    colorScheme?: "light" | "dark";
    phone?: boolean;
    /** false: a browser with JavaScript off (pages that must read without it). */
    javaScript?: boolean;
  } = {},
): Promise<BrowserContext> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const context = await (await sharedBrowser()).newContext({
    viewport: opts.viewport ?? (opts.phone ? { width: 412, height: 823 } : { width: 1280, height: 800 }),
    ...(opts.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 } : {}),
    locale: opts.locale ?? "en-US",
    colorScheme: opts.colorScheme ?? "light",
    javaScriptEnabled: opts.javaScript ?? true,
  });
  trackRequests(context);
  return context;
}

/**
 * Holds the context's requests matching `pattern` (the service worker's too) until `release()`: a slow network for one
 * chunk, for a test that acts before the chunk arrives. `asked` settles once the first of them is held.
 */
export async function holdRequests(
  context: BrowserContext,
  pattern: string,
): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let onAsked = () => {};
  const asked = new Promise<void>((r) => {
    onAsked = r;
  });
  await context.route(pattern, async (route) => {
    onAsked();
    await released;
    await route.continue();
  });
  return { asked, release };
}

/** The requests each context has in flight, for `settled`. */
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

function trackRequests(context: BrowserContext) {
  const open = new Set<Request>();
  inFlight.set(context, open);
  context.on("request", (r) => open.add(r));
  context.on("requestfinished", (r) => open.delete(r));
  context.on("requestfailed", (r) => open.delete(r));
}

/**
 * Waits until the page has done what the last action set off: no request of its context in flight (a streamed answer
 * counts until it ends), then two frames drawn with none started meanwhile. For a test that checks something did NOT
 * happen, in place of a sleep: whatever the action would have sent or drawn has been sent and drawn by then. `ignore`:
 * requests the test itself holds back (a route that answers later), which would never finish meanwhile.
 */
export async function settled(page: Page, opts: { ignore?: (r: Request) => boolean } = {}): Promise<void> {
  const all = inFlight.get(page.context());
  const pending = () => [...(all ?? [])].filter((r) => !opts.ignore?.(r));
  for (;;) {
    while (pending().length > 0) {
      await Promise.race(
        pending().map((r) =>
          r.response().then(
            (res) => res?.finished(),
            () => undefined,
          ),
        ),
      );
      // a request whose response has ended leaves the set when its requestfinished event arrives
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    }
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (pending().length === 0) return;
  }
}

/** How many elements the page holds: the tests and bench of long chats and histories keep it bounded. */
export function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName("*").length);
}

let counter = 0;
export function uniqueEmail(): string {
  counter++;
  return `browser${Date.now()}${counter}@example.com`;
}

export const PASSWORD = "password123";

/** Creates an account through the real API (the browser tests' own data; the UI sign-up is tested separately). */
export async function createAccount(
  baseURL: string,
  name = "Lan Nguyen",
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  const res = await fetch(`${baseURL}/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { email, password: PASSWORD };
}

/**
 * Signs in through the login screen and waits for the chat screen: for the tests about signing in (a new password or
 * a new address that must work there). The others sign in with `signIn`, without the screen.
 */
export async function signInThroughForm(
  page: import("playwright-core").Page,
  baseURL: string,
  account: { email: string; password: string },
) {
  await page.goto(`${baseURL}/login`);
  await page.fill("[data-testid=field-email]", account.email);
  await page.fill("[data-testid=field-password]", account.password);
  await page.click("[data-testid=login-submit]");
  await page.waitForSelector("[data-testid=greeting]");
}

/** The credential cookies the worker sets on a sign-in (worker/auth/cookies.ts: HttpOnly, Secure, SameSite=Lax, 7 days). */
const CREDENTIAL_COOKIES = { jwt: "jwt_token", session: "session_token" } as const;
const COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

/**
 * Signs the page's context in as the login screen would, without the screen: one POST /auth/login (a new session,
 * as a sign-in on a device makes), its credentials set as the worker's cookies on the context, and the user kept in
 * the page's storage where the app keeps it after a sign-in (localStorage `user` and `user_id`, read by its route
 * guard). Then opens `path` (the chat screen by default, waiting for its greeting). The login screen's own page load
 * and round trip (a second start of the app for a test that goes on elsewhere) cost about a second each on this
 * machine; the screen itself is tested in auth, accounts, session-limit and social-sign-in.
 */
export async function signIn(
  page: import("playwright-core").Page,
  baseURL: string,
  account: { email: string; password: string },
  path = "/",
): Promise<void> {
  const res = await fetch(`${baseURL}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email} failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as {
    data: { user: { id: string }; token: string; session_token: string };
  };
  const { hostname, origin } = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + COOKIE_MAX_AGE_S;
  const cookie = { domain: hostname, path: "/", httpOnly: true, secure: true, sameSite: "Lax" as const, expires };
  // the context's whole storage: what it held before (a guest's visit, a stored language) goes, as on a sign-in
  await page.context().setStorageState({
    cookies: [
      { ...cookie, name: CREDENTIAL_COOKIES.jwt, value: data.token },
      { ...cookie, name: CREDENTIAL_COOKIES.session, value: data.session_token },
    ],
    origins: [
      {
        origin,
        localStorage: [
          { name: "user", value: JSON.stringify(data.user) },
          { name: "user_id", value: data.user.id },
        ],
      },
    ],
  });
  await page.goto(`${baseURL}${path}`);
  if (path === "/") await page.waitForSelector("[data-testid=greeting]");
}
