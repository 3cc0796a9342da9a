// Shared links: POST /shares snapshots a chat's chosen path; GET /s/<id> renders it as HTML for anyone (the visitor's
// language, link-preview tags, no script, escaped text), with the chat's pictures through share-scoped URLs; the owner
// lists and revokes links (a 404 at once, also for the pictures), deleting the chat revokes them too; "continue"
// copies the snapshot into the visitor's account with its pictures. (Authorization: shares.security.test.ts.)
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ask, call, expectError, json, makeChat, readSse, seedUser } from "../../support/api";
import { seedMessages, seedPicture, share, visit } from "../../support/shares";

/** A chat with a question and an answer, and one more version of the answer that is not shown. */
async function sharedChat() {
  const u = await seedUser({ name: "Lan Nguyen" });
  const chatId = await makeChat(u.id, "Trip to Hội An");
  await seedMessages(u.id, chatId, [
    { id: "q1", sender: "user", text: "Plan a **3-day** trip to Hội An" },
    { id: "a1-old", sender: "bot", text: "An answer nobody chose", onPath: false },
    { id: "a1", sender: "bot", text: "Day 1: the old town.\n\n```js\nconst lanterns = 3;\n```", parent: "q1" },
  ]);
  return { u, chatId, link: await share(u, chatId) };
}

describe("sharing a chat", () => {
  it("renders the chosen path for a signed-out visitor, with its title and link-preview tags", async () => {
    const { u, link } = await sharedChat();
    expect(link).toMatchObject({ path: `/s/${link.id}`, title: "Trip to Hội An", message_count: 2 });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await visit(link.path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toContain("<title>Trip to Hội An · Mây</title>");
    expect(html).toContain('<meta property="og:title" content="Trip to Hội An · Mây">');
    expect(html).toContain('<meta name="description" content="Plan a 3-day trip to Hội An">');
    expect(html).toContain(`<meta property="og:url" content="https://may.test/s/${link.id}">`);
    expect(html).toContain("Plan a <strong>3-day</strong> trip to Hội An");
    expect(html).toContain('<code class="language-js">const lanterns = 3;');
    expect(html).not.toContain("An answer nobody chose");
    expect(html).not.toContain("<script");
    // nothing of the sharer's but the chat
    expect(html).not.toContain(u.email);
    expect(html).not.toContain("Lan Nguyen");
    expect(html).toContain(`href="/continue/${link.id}"`);
  });

  it("is a snapshot: what the user writes later does not reach the page", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id, "Snapshot");
    await readSse(
      await ask(u.token, { question: "First question", chat_id: chatId, message_id: "q1", bot_message_id: "a1" }),
    );
    const link = await share(u, chatId);
    await readSse(
      await ask(u.token, { question: "Later question", chat_id: chatId, message_id: "q2", bot_message_id: "a2" }),
    );
    await call("PATCH", `/chat-sessions/${chatId}`, { token: u.token, body: { title: "Renamed later" } });
    const html = await (await visit(link.path)).text();
    expect(html).toContain("First question");
    expect(html).not.toContain("Later question");
    expect(html).toContain("<title>Snapshot · Mây</title>");
  });

  it("shows raw HTML in a message as text and keeps only safe links", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id, "<img src=x onerror=alert(1)>");
    await seedMessages(u.id, chatId, [
      { id: "q1", sender: "user", text: '<script>alert("x")</script>\n\nand [bad](javascript:alert(1))' },
      {
        id: "a1",
        sender: "bot",
        text: "See [the docs](https://example.com/docs) and ![tracker](https://evil.example/p.png)",
      },
    ]);
    const html = await (await visit((await share(u, chatId)).path)).text();
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("<p>and bad</p>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow ugc">the docs</a>',
    );
    // an outside picture is a link, never loaded by the page
    expect(html).not.toContain('<img src="https://evil.example');
  });

  it("speaks the visitor's language", async () => {
    const { link } = await sharedChat();
    const vi = await (await visit(link.path, "vi-VN,vi;q=0.9,en;q=0.8")).text();
    expect(vi).toContain('<html lang="vi">');
    expect(vi).toContain("Tiếp tục cuộc trò chuyện này");
    const zh = await (await visit(link.path, "zh-CN")).text();
    expect(zh).toContain("继续这段对话");
    const other = await (await visit(link.path, "de-DE")).text();
    expect(other).toContain('<html lang="en">');
  });

  it("links sign-up through the sharer's affiliate code when they have one", async () => {
    const { u, link } = await sharedChat();
    expect(await (await visit(link.path)).text()).toContain('href="/register"');
    await env.DB.prepare("UPDATE users SET affiliate_code = 'K7Q2XD9P' WHERE id = ?").bind(u.id).run();
    const html = await (await visit(link.path)).text();
    expect(html).toContain('href="/affiliate/r/K7Q2XD9P?to=register"');
    const referral = await call("GET", "/affiliate/r/K7Q2XD9P?to=register", { redirect: "manual" });
    expect(referral.status).toBe(302);
    expect(referral.headers.get("Location")).toBe("/register");
    expect(referral.headers.get("Set-Cookie")).toContain("may_ref=K7Q2XD9P.");
  });

  it("serves the chat's pictures through the share's own URLs, and only those", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id, "Pictures");
    const picture = await seedPicture(u.id, chatId);
    const other = await seedPicture(u.id);
    await seedMessages(u.id, chatId, [
      { id: "q1", sender: "user", text: "Draw a cat" },
      { id: "a1", sender: "bot", text: `![a cat](/media-api/api/images/${picture})` },
    ]);
    const link = await share(u, chatId);
    const html = await (await visit(link.path)).text();
    expect(html).toContain(`<img src="/s/${link.id}/images/${picture}" alt="a cat" loading="lazy">`);
    expect(html).not.toContain("/media-api/");
    const image = await visit(`/s/${link.id}/images/${picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // another picture of the same user is not in the snapshot
    await expectError(await visit(`/s/${link.id}/images/${other}`), 404, "not_found");
    await expectError(await visit(`/s/${link.id}/files/${picture}`), 404, "not_found");
  });

  it("refuses an empty chat", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id);
    await expectError(await call("POST", "/shares", { token: u.token, body: { chat_id: chatId } }), 409, "conflict");
  });
});

describe("the owner's links", () => {
  it("lists them newest first", async () => {
    const u = await seedUser();
    const first = await makeChat(u.id, "First");
    const second = await makeChat(u.id, "Second");
    await seedMessages(u.id, first, [{ id: "q", sender: "user", text: "one" }]);
    await seedMessages(u.id, second, [{ id: "q", sender: "user", text: "two" }]);
    const a = await share(u, first);
    const b = await share(u, second);
    const res = await call("GET", "/shares", { token: u.token });
    expect(res.status).toBe(200);
    const { shares } = (await json(res)).data;
    expect(shares.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(shares[0]).toMatchObject({ chat_id: second, title: "Second", message_count: 1, path: `/s/${b.id}` });
    expect(Date.parse(shares[0].created_at)).not.toBeNaN();
  });

  it("revoking a link makes its page and its pictures 404 at once", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id, "Revoked");
    const picture = await seedPicture(u.id, chatId);
    await seedMessages(u.id, chatId, [{ id: "a1", sender: "bot", text: `![x](/media-api/api/images/${picture})` }]);
    const link = await share(u, chatId);
    expect((await visit(`/s/${link.id}/images/${picture}`)).status).toBe(200);
    const res = await call("DELETE", `/shares/${link.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ id: link.id });
    const page = await visit(link.path);
    expect(page.status).toBe(404);
    expect(page.headers.get("Content-Type")).toContain("text/html");
    expect(await page.text()).toContain('data-testid="share-missing"');
    await expectError(await visit(`/s/${link.id}/images/${picture}`), 404, "not_found");
    expect(await env.IMAGES.head(`shares/${link.id}.json`)).toBeNull();
    expect((await json(await call("GET", "/shares", { token: u.token }))).data.shares).toEqual([]);
    await expectError(await call("DELETE", `/shares/${link.id}`, { token: u.token }), 404, "not_found");
  });

  it("deleting a chat revokes its links, and clearing all chats revokes every link", async () => {
    const u = await seedUser();
    const one = await makeChat(u.id, "One");
    const two = await makeChat(u.id, "Two");
    await seedMessages(u.id, one, [{ id: "q", sender: "user", text: "one" }]);
    await seedMessages(u.id, two, [{ id: "q", sender: "user", text: "two" }]);
    const a = await share(u, one);
    const b = await share(u, two);
    await call("PATCH", `/chat-sessions/${one}`, { token: u.token, body: { status: "deleted" } });
    expect((await visit(a.path)).status).toBe(404);
    expect((await visit(b.path)).status).toBe(200);
    await call("DELETE", "/chat-sessions", { token: u.token });
    expect((await visit(b.path)).status).toBe(404);
  });
});

describe("continuing a shared chat", () => {
  it("copies the snapshot into the visitor's account, its pictures their own", async () => {
    const owner = await seedUser();
    const chatId = await makeChat(owner.id, "A cat");
    const picture = await seedPicture(owner.id, chatId);
    await seedMessages(owner.id, chatId, [
      { id: "q1", sender: "user", text: "Draw a cat" },
      { id: "a1", sender: "bot", text: `Here it is: ![a cat](/media-api/api/images/${picture})` },
    ]);
    const link = await share(owner, chatId);
    const visitor = await seedUser();
    const res = await call("POST", `/shares/${link.id}/continue`, { token: visitor.token });
    expect(res.status).toBe(201);
    const copy = (await json(res)).data as { chat_id: string; title: string };
    expect(copy.title).toBe("A cat");
    // revoked afterwards: the copy keeps everything
    await call("DELETE", `/shares/${link.id}`, { token: owner.token });
    const content = await call("GET", `/chat-sessions/${copy.chat_id}/content`, { token: visitor.token });
    expect(content.status).toBe(200);
    const messages = (await json(content)).data.chats[0].messages;
    expect(messages.map((m: { message_id: string }) => m.message_id)).toEqual(["q1", "a1"]);
    expect(messages[1].parent_id).toBe("q1");
    const url = /\/media-api\/api\/images\/([\w-]+)/.exec(messages[1].message)?.[1];
    expect(url).toBeDefined();
    expect(url).not.toBe(picture);
    const image = await call("GET", `/media-api/api/images/${url}`, { token: visitor.token });
    expect(image.status).toBe(200);
    // the chat is the visitor's: in their list, and the owner cannot read it
    const list = (await json(await call("GET", "/chat-sessions", { token: visitor.token }))).data;
    expect(list.map((c: { id: string }) => c.id)).toContain(copy.chat_id);
    await expectError(await call("GET", `/chat-sessions/${copy.chat_id}`, { token: owner.token }), 404, "not_found");
  });

  it("answers 404 for a revoked link", async () => {
    const { u, link } = await sharedChat();
    await call("DELETE", `/shares/${link.id}`, { token: u.token });
    const visitor = await seedUser();
    await expectError(await call("POST", `/shares/${link.id}/continue`, { token: visitor.token }), 404, "not_found");
  });
});
