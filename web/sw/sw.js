// The app's service worker: the built shell (index.html, the entry's scripts and styles, the locale files, icons) is
// precached at install, so the app starts at once and opens offline; hashed /assets/* files are kept as they are
// fetched. Navigations are answered with the cached index.html (every SPA address serves it); addresses the Worker
// answers itself (wrangler.toml's run_worker_first: the API, /auth, /chat-sessions, /payments, /media-api, /ws, ...)
// and every other request — API answers, media, uploads — go to the network untouched and are never cached.
// The precached "/" is fetched as a plain request (not a page load), so the Worker answers it with the SPA's index.html,
// never the guests' static landing page (landing.html), which is never cached here.
// Built by vite.config.ts (serviceWorkerPlugin), which replaces the three constants below; one cache per build.
/* global self, caches, location, fetch, URL */
const VERSION = "__SW_VERSION__";
const PRECACHE = __SW_PRECACHE__;
// "/" is listed there only so the Worker can answer a page load from the network with the pre-rendered landing page
// (guests) or the SPA (worker/lib/landing-page.ts), and "/c/*" so it can draw a chat's last messages into the page of a
// browser that has no app yet (worker/http/chat-page.ts); here both are the shell like every other page of the app.
const SHELL_PATHS = ["/", "/c/*"];
const WORKER_PATHS = __SW_WORKER_PATHS__.filter((p) => !SHELL_PATHS.includes(p));
const CACHE = `may-shell-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Older builds' caches go: their files are replaced by this build's.
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("may-shell-") && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** True for paths the Worker answers (run_worker_first): "/api/*" covers /api/…, "/ws" is exact. */
function isWorkerPath(path) {
  return WORKER_PATHS.some((p) => (p.endsWith("/*") ? path.startsWith(p.slice(0, -1)) : path === p));
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === "basic") await cache.put(request, res.clone());
  return res;
}

async function shell(request) {
  const cache = await caches.open(CACHE);
  // ignoreVary: the stored "/" answer varies on Accept-Encoding, which a navigation need not send the same way.
  const hit = await cache.match("/", { ignoreVary: true });
  if (hit) return hit;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin || isWorkerPath(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(shell(request));
  } else if (url.pathname.startsWith("/assets/") || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
  // Anything else is not answered here: the browser fetches it as if there were no service worker.
});
