// Shared links and authorization: a link reveals its snapshot and nothing else. Another user's chat cannot be
// shared, another user's link cannot be revoked (both 404, and the link keeps working), the owner's API needs a
// sign-in, a link's picture URLs serve only the pictures its snapshot shows (never another user's, even when a
// message names one), and ids that are not a share's are plain 404s.
import { describe, expect, it } from "vitest";
import { call, expectError, makeChat, seedUser } from "../../support/api";
import { seedMessages, seedPicture, share, visit } from "../../support/shares";

describe("shared links: authorization", () => {
  it("cannot share another user's chat", async () => {
    const owner = await seedUser();
    const chatId = await makeChat(owner.id, "Private");
    await seedMessages(owner.id, chatId, [{ id: "q", sender: "user", text: "secret" }]);
    const other = await seedUser();
    await expectError(
      await call("POST", "/shares", { token: other.token, body: { chat_id: chatId } }),
      404,
      "not_found",
    );
  });

  it("cannot revoke another user's link, which keeps working", async () => {
    const owner = await seedUser();
    const chatId = await makeChat(owner.id);
    await seedMessages(owner.id, chatId, [{ id: "q", sender: "user", text: "hello" }]);
    const link = await share(owner, chatId);
    const other = await seedUser();
    await expectError(await call("DELETE", `/shares/${link.id}`, { token: other.token }), 404, "not_found");
    expect((await visit(link.path)).status).toBe(200);
    const listed = await call("GET", "/shares", { token: other.token });
    expect((await listed.json<{ data: { shares: unknown[] } }>()).data.shares).toEqual([]);
  });

  it("needs a sign-in for the owner's API and for continuing", async () => {
    const owner = await seedUser();
    const chatId = await makeChat(owner.id);
    await seedMessages(owner.id, chatId, [{ id: "q", sender: "user", text: "hello" }]);
    const link = await share(owner, chatId);
    await expectError(await call("GET", "/shares"), 401);
    await expectError(await call("POST", "/shares", { body: { chat_id: chatId } }), 401);
    await expectError(await call("DELETE", `/shares/${link.id}`), 401);
    await expectError(await call("POST", `/shares/${link.id}/continue`), 401);
    expect((await visit(link.path)).status).toBe(200);
  });

  it("never serves another user's picture, even one a shared message links to", async () => {
    const owner = await seedUser();
    const stranger = await seedUser();
    const theirs = await seedPicture(stranger.id);
    const chatId = await makeChat(owner.id);
    await seedMessages(owner.id, chatId, [{ id: "a", sender: "bot", text: `![x](/media-api/api/images/${theirs})` }]);
    const link = await share(owner, chatId);
    const html = await (await visit(link.path)).text();
    expect(html).not.toContain(`/s/${link.id}/images/${theirs}`);
    await expectError(await visit(`/s/${link.id}/images/${theirs}`), 404, "not_found");
  });

  it("answers 404 to ids that are not a live share's", async () => {
    for (const path of [
      "/s/nope",
      "/s/AAAAAAAAAAAAAAAAAAAAAA",
      "/s/..%2F..%2Fetc",
      "/s/AAAAAAAAAAAAAAAAAAAAAA/images/x",
    ]) {
      expect((await visit(path)).status, path).toBe(404);
    }
    await expectError(await visit("/s/AAAAAAAAAAAAAAAAAAAAAA/other/x"), 404);
    const u = await seedUser();
    await expectError(await call("DELETE", "/shares/not-a-share-id", { token: u.token }), 400, "invalid_input");
    await expectError(await call("POST", "/shares", { token: u.token, body: {} }), 400, "invalid_input");
  });
});
