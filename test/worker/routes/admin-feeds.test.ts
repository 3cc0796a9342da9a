// The operator console's notification feeds (worker/routes/admin-feeds.ts): an item written there reaches users'
// bells (GET /feeds) once published and leaves them when taken down, a draft never shows, maintenance switches a tab
// off and on, each change has its audit row, and bad input is a 400.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { call, expectError, json, seedUser, type TestUser } from "../../support/api";

async function operator(): Promise<TestUser> {
  const u = await seedUser();
  env.ADMIN_EMAILS = u.email;
  return u;
}

const as = (op: TestUser, body?: unknown) => ({ token: op.token, sessionToken: op.sessionToken, body });

async function bell(u: TestUser, tab: string, lang: string) {
  const res = await call("GET", `/feeds?tab=${tab}&lang=${lang}`, { token: u.token });
  expect(res.status).toBe(200);
  return (await json(res)).data.feeds[0] as { status: string; items: { id: string; title: string }[] };
}

async function lastAudit(op: TestUser) {
  return (await json(await call("GET", "/admin/api/audit?limit=1", as(op)))).data[0];
}

afterEach(() => {
  env.ADMIN_EMAILS = "";
});

describe("feeds in the operator console", () => {
  it("publishes a news post that users then see in the bell, and takes it down again", async () => {
    const op = await operator();
    const user = await seedUser();
    const title = `Tin mới ${crypto.randomUUID().slice(0, 8)}`;
    const created = await call(
      "POST",
      "/admin/api/feeds",
      as(op, { tab: "news", lang: "vi", title, body: "Mây có bảng điều khiển mới.", url: "/news" }),
    );
    expect(created.status).toBe(201);
    const item = (await json(created)).data;
    expect((await bell(user, "news", "vi")).items.map((i) => i.title)).toContain(title);
    // other languages have their own items
    expect((await bell(user, "news", "en")).items.map((i) => i.id)).not.toContain(item.id);
    expect(await lastAudit(op)).toMatchObject({ action: "feed_create", target: `feed:${item.id}`, before: null });

    const down = await call("PATCH", `/admin/api/feeds/${item.id}`, as(op, { draft: true }));
    expect(down.status).toBe(200);
    expect((await bell(user, "news", "vi")).items.map((i) => i.id)).not.toContain(item.id);
    expect(await lastAudit(op)).toMatchObject({
      action: "feed_unpublish",
      before: { draft: false },
      after: { draft: true },
    });
  });

  it("keeps a draft out of the bell until it is published, and edits an item", async () => {
    const op = await operator();
    const user = await seedUser();
    const res = await call(
      "POST",
      "/admin/api/feeds",
      as(op, { tab: "offers", lang: "en", title: "Soon", draft: true }),
    );
    const item = (await json(res)).data;
    expect((await bell(user, "offers", "en")).items.map((i) => i.id)).not.toContain(item.id);
    const listed = (await json(await call("GET", "/admin/api/feeds", as(op)))).data;
    expect(listed.find((t: any) => t.tab === "offers").items.map((i: any) => i.id)).toContain(item.id);

    await call("PATCH", `/admin/api/feeds/${item.id}`, as(op, { draft: false, title: "Now on: 20% off" }));
    expect((await bell(user, "offers", "en")).items).toContainEqual(
      expect.objectContaining({ id: item.id, title: "Now on: 20% off" }),
    );
    expect((await lastAudit(op)).action).toBe("feed_publish");
  });

  it("schedules an item for a later time", async () => {
    const op = await operator();
    const user = await seedUser();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const res = await call(
      "POST",
      "/admin/api/feeds",
      as(op, { tab: "store", lang: "ru", title: "Завтра", published_at: later }),
    );
    const item = (await json(res)).data;
    expect((await bell(user, "store", "ru")).items.map((i) => i.id)).not.toContain(item.id);
  });

  it("puts a tab under maintenance and back", async () => {
    const op = await operator();
    const user = await seedUser();
    expect((await call("PUT", "/admin/api/feeds/maintenance/store", as(op, { maintenance: true }))).status).toBe(200);
    expect((await bell(user, "store", "zh")).status).toBe("maintenance");
    expect(await lastAudit(op)).toMatchObject({ action: "feed_maintenance", after: { maintenance: true } });
    await call("PUT", "/admin/api/feeds/maintenance/store", as(op, { maintenance: false }));
    expect((await bell(user, "store", "zh")).status).toBe("live");
  });

  it("refuses bad input with a 400, and an unknown item with a 404", async () => {
    const op = await operator();
    const bad = [
      { tab: "ads", lang: "en", title: "x" },
      { tab: "news", lang: "fr", title: "x" },
      { tab: "news", lang: "en", title: "   " },
      { tab: "news", lang: "en", title: "x", url: "javascript:alert(1)" },
      { tab: "news", lang: "en", title: "x", image: "//evil.example/i.png" },
      { tab: "news", lang: "en", title: "x", published_at: "tomorrow" },
      { tab: "news", lang: "en", title: "x", extra: 1 },
    ];
    for (const body of bad) await expectError(await call("POST", "/admin/api/feeds", as(op, body)), 400);
    await expectError(await call("PATCH", "/admin/api/feeds/no-such-item", as(op, { title: "x" })), 404, "not_found");
    const item = (await json(await call("POST", "/admin/api/feeds", as(op, { tab: "news", lang: "en", title: "x" }))))
      .data;
    await expectError(await call("PATCH", `/admin/api/feeds/${item.id}`, as(op, {})), 400, "invalid_input");
    await expectError(await call("PUT", "/admin/api/feeds/maintenance/ads", as(op, { maintenance: true })), 400);
  });
});
