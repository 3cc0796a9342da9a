// GET /c/<id> (worker/http/chat-page.ts): a signed-in user's page load of their own chat gets the SPA's page with the
// chat's last messages drawn in (#chat-preview, after #root), escaped, never cached by anyone else; a guest, another
// user, a chat that does not exist, an ended session and a request that is not a page load get the page unchanged.
// The assets are a fake Fetcher serving a small index.html.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { PREVIEW_MESSAGES } from "../../../worker/http/chat-page";
import { MAIN_SHARD, shardNames } from "../../../worker/db/shards";
import { ORIGIN, type TestUser, call, eventually, expectError, registerUser } from "../../support/api";
import { wrapD1 } from "../../support/d1-wrapper";

const INDEX =
  '<!doctype html><html><head><title>Mây</title><meta name="may-chat-styles" content="/assets/chat-1.css /assets/gone-3.css /assets/md-2.css https://evil.test/x.css"></head><body><div id="root"><div class="boot"></div></div><script type="module" src="/assets/index.js"></script></body></html>';

function fakeAssets() {
  const asked: string[] = [];
  const assets = {
    async fetch(input: RequestInfo | URL) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.origin === ORIGIN ? url.pathname : url.href);
      if (url.pathname.startsWith("/assets/gone")) return new Response("Not found", { status: 404 });
      if (url.pathname.endsWith(".css")) return new Response(`.msg { color: red } /* ${url.pathname} */`);
      return new Response(INDEX, {
        headers: { "Content-Type": "text/html", ETag: '"file-etag"', "X-Frame-Options": "DENY" },
      });
    },
    connect() {
      throw new Error("not used");
    },
  };
  return { assets: assets as unknown as Fetcher, asked };
}

const NAVIGATION = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html,*/*;q=0.8" };
const cookies = (u: TestUser) => `jwt_token=${u.token}; session_token=${u.sessionToken}`;

async function open(path: string, headers: Record<string, string>) {
  const { assets, asked } = fakeAssets();
  let d1Calls = 0;
  // every D1 binding the worker may read (the main database and the chat shards), counted
  const d1 = Object.fromEntries(
    [MAIN_SHARD, ...shardNames(env)].map((name) => [
      name,
      wrapD1((env as unknown as Record<string, D1Database>)[name]!, () => void d1Calls++),
    ]),
  );
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers }), { ...env, ...d1, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, body: await res.text(), asked, d1Calls };
}

/** A chat of `messages` (questions and answers in turn, ids m0, m1, ...), saved through the API. */
async function chatWith(u: TestUser, messages: string[]): Promise<string> {
  const created = await call("POST", "/chat-sessions", { token: u.token, body: { title: "Preview" } });
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const start = Date.now() - messages.length * 1000;
  const saved = await call("POST", "/media-api/api/chat/save", {
    token: u.token,
    body: {
      chat_id: id,
      messages: messages.map((message, i) => ({
        message_id: `m${i}`,
        sender: i % 2 ? "bot" : "user",
        message,
        created_at: start + i * 1000,
      })),
    },
  });
  expect(saved.status).toBe(200);
  return id;
}

/** The ids of the messages drawn in the page, in order. */
const drawnIds = (body: string) =>
  [...body.matchAll(/<article class="msg [^"]*" data-message-id="([^"]+)"/g)].map((m) => m[1]);

describe("a chat opened by its address", () => {
  it("draws the signed-in owner's last messages into the app's page, after #root", async () => {
    const u = await registerUser();
    const texts = Array.from({ length: 12 }, (_, i) => (i % 2 ? `Answer **${i}**` : `Question ${i}`));
    const id = await chatWith(u, texts);
    const { res, body } = await open(`/c/${id}`, { ...NAVIGATION, Cookie: cookies(u) });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(drawnIds(body)).toEqual(Array.from({ length: PREVIEW_MESSAGES }, (_, i) => `m${12 - PREVIEW_MESSAGES + i}`));
    expect(body).toContain("<strong>11</strong>");
    expect(body.indexOf('id="chat-preview"')).toBeGreaterThan(body.indexOf('<div id="root">'));
    expect(body.indexOf('id="chat-preview"')).toBeLessThan(body.indexOf('<script type="module"'));
    expect(body).toMatch(/id="chat-preview"[^>]*aria-hidden="true"/);
  });

  it("inlines the stylesheets the build named for the messages, only the app's own, skipping any it cannot read", async () => {
    const u = await registerUser();
    const id = await chatWith(u, ["Hello", "Hi"]);
    const { body, asked } = await open(`/c/${id}`, { ...NAVIGATION, Cookie: cookies(u) });
    const preview = body.slice(body.indexOf('id="chat-preview"'));
    expect(preview).toMatch(
      /^id="chat-preview"[^>]*><style>\.msg \{ color: red \} \/\* \/assets\/chat-1\.css \*\/\n\.msg \{ color: red \} \/\* \/assets\/md-2\.css \*\/<\/style>/,
    );
    expect(asked.filter((path) => path.endsWith(".css"))).toEqual([
      "/assets/chat-1.css",
      "/assets/gone-3.css",
      "/assets/md-2.css",
    ]);
  });

  it("reads no D1 for a chat the user's object keeps (opened or used lately), and D1 for one it does not", async () => {
    const u = await registerUser();
    const id = await chatWith(u, ["Kept question", "Kept answer"]);
    const cold = await open(`/c/${id}`, { ...NAVIGATION, Cookie: cookies(u) });
    expect(drawnIds(cold.body)).toEqual(["m0", "m1"]);
    expect(cold.d1Calls).toBeGreaterThan(0);
    // the app opens the chat: its content route hands the user's object the chat's window (after its answer)
    expect((await call("GET", `/chat-sessions/${id}/content`, { token: u.token })).status).toBe(200);
    const warm = await eventually(async () => {
      const opened = await open(`/c/${id}`, { ...NAVIGATION, Cookie: cookies(u) });
      return opened.d1Calls === 0 && opened;
    });
    expect(drawnIds(warm.body)).toEqual(["m0", "m1"]);
    expect(warm.body).toContain("Kept answer");
  });

  it("is written for this user only: no shared cache, no ETag, varies on the cookies", async () => {
    const u = await registerUser();
    const id = await chatWith(u, ["Hello", "Hi"]);
    const { res } = await open(`/c/${id}`, { ...NAVIGATION, Cookie: cookies(u), "If-None-Match": '"file-etag"' });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("ETag")).toBeNull();
    expect(res.headers.get("Vary")).toContain("Cookie");
    // the static page's own security headers stay
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("escapes what questions and answers hold, keeps raw HTML as text and drops unsafe links", async () => {
    const u = await registerUser();
    const id = await chatWith(u, [
      '<img src=x onerror="alert(1)"> and <script>alert(2)</script>',
      [
        "<script>alert(3)</script>",
        "",
        'Inline <b onclick="x()">bold</b> and `<i>code</i>`',
        "",
        "[bad](javascript:alert(4)) [good](https://example.com/?a=1&b=2) ![pic](data:text/html,x)",
        "",
        '```html\n<div class="x">&</div>\n```',
      ].join("\n"),
    ]);
    const { body } = await open(`/c/${id}`, { ...NAVIGATION, Cookie: cookies(u) });
    const preview = body.slice(body.indexOf('id="chat-preview"'), body.indexOf('<script type="module"'));
    expect(preview).not.toMatch(/<script|<img src=x|<b |<i>|javascript:|data:text/);
    expect(preview).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(preview).toContain("&lt;script&gt;alert(3)&lt;/script&gt;");
    expect(preview).toContain('<a href="https://example.com/?a=1&amp;b=2"');
    expect(preview).toContain('rel="noopener noreferrer nofollow"');
    expect(preview).toContain('<code class="language-html">&lt;div class=&quot;x&quot;&gt;&amp;&lt;/div&gt;');
    expect(preview).toContain('<code class="md-inline-code">&lt;i&gt;code&lt;/i&gt;</code>');
  });

  it("leaves the page unchanged for another user's chat, a chat that does not exist, and a guest", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const id = await chatWith(owner, ["Private question", "Private answer"]);
    for (const [path, cookie] of [
      [`/c/${id}`, cookies(other)],
      [`/c/${crypto.randomUUID()}`, cookies(owner)],
      [`/c/${id}`, ""],
      [`/c/${id}`, "jwt_token=not-a-token"],
    ] as const) {
      const { res, body } = await open(path, { ...NAVIGATION, ...(cookie ? { Cookie: cookie } : {}) });
      expect(res.status).toBe(200);
      expect(body).toBe(INDEX);
      expect(body).not.toContain("Private");
    }
  });

  it("leaves the page unchanged once the session has ended", async () => {
    const u = await registerUser();
    const id = await chatWith(u, ["Question", "Answer"]);
    const ended = await call("DELETE", "/user-sessions/current", { token: u.token, sessionToken: u.sessionToken });
    expect(ended.status).toBe(200);
    await expectError(await call("GET", "/auth/me", { token: u.token, sessionToken: u.sessionToken }), 401);
    const { body } = await open(`/c/${id}`, { ...NAVIGATION, Cookie: cookies(u) });
    expect(body).toBe(INDEX);
  });

  it("answers a request that is not a page load as the assets do", async () => {
    const u = await registerUser();
    const id = await chatWith(u, ["Question", "Answer"]);
    const { body, asked } = await open(`/c/${id}`, { Accept: "*/*", Cookie: cookies(u) });
    expect(body).toBe(INDEX);
    expect(asked).toEqual([`/c/${id}`]);
  });
});
