// Who may see and use an image: another user's chat or original image is a 404 that uses no quota and stores
// nothing; a stored picture is readable only by its owner; the gallery never lists another user's images.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { quotaDay } from "../../../worker/lib/time";
import { call, inUserHub, json, makeChat, messagesOf, seedUser, type TestUser } from "../../support/api";

async function draw(user: TestUser, chatId: string, question = "a lantern") {
  const res = await call("POST", "/api/chat/image", { token: user.token, body: { question, chat_id: chatId } });
  expect(res.status).toBe(200);
  return json(res);
}

const usedToday = (user: TestUser) => inUserHub(user.id, (hub) => hub.state.usage(quotaDay(), "image"));

describe("image security", () => {
  it("answers 404 for another user's chat, using no quota", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const chatId = await makeChat(owner.id);
    const res = await call("POST", "/api/chat/image", {
      token: other.token,
      body: { question: "a cat", chat_id: chatId },
    });
    expect(res.status).toBe(404);
    expect(await usedToday(other)).toBe(0);
    expect(await messagesOf(chatId)).toEqual([]);
  });

  it("answers 404 for another user's original image (by URL, absolute URL, id or link in the question)", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const picture = await draw(owner, await makeChat(owner.id));
    const otherChat = await makeChat(other.id);
    for (const body of [
      { original_image: picture.imageUrl },
      { original_image: `https://may.test${picture.imageUrl}` },
      { original_image: picture.imageId },
      { question: `redraw ${picture.imageUrl}` },
    ]) {
      const res = await call("POST", "/api/chat/image", {
        token: other.token,
        body: { question: "redraw", chat_id: otherChat, is_edit: true, ...body },
      });
      expect(res.status).toBe(404);
      expect((await json(res)).code).toBe("not_found");
    }
    expect(await usedToday(other)).toBe(0);
    expect(await messagesOf(otherChat)).toEqual([]);
  });

  it("serves a stored picture to its owner only", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const picture = await draw(owner, await makeChat(owner.id));
    expect((await call("GET", picture.imageUrl, { token: owner.token })).status).toBe(200);
    expect((await call("GET", picture.imageUrl, { token: other.token })).status).toBe(404);
    expect((await call("GET", picture.imageUrl)).status).toBe(401);
    // The bytes are in R2 under the owner.
    expect(await env.IMAGES.head(`images/${owner.id}/${picture.imageId}`)).not.toBeNull();
  });

  it("never lists another user's images in the gallery", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const picture = await draw(owner, await makeChat(owner.id), "owner's secret picture");
    const mine = await draw(other, await makeChat(other.id), "other's picture");
    const listed = await json(await call("GET", "/media-api/api/images", { token: other.token }));
    expect(listed.data.images.map((i: any) => i.id)).toEqual([mine.imageId]);
    expect(JSON.stringify(listed)).not.toContain(picture.imageId);
    // A cursor pointing into the owner's images still lists only the caller's.
    const crafted = await json(
      await call("GET", `/media-api/api/images?before=${encodeURIComponent(`${Date.now() + 60_000}~zzzz`)}`, {
        token: other.token,
      }),
    );
    expect(crafted.data.images.map((i: any) => i.id)).toEqual([mine.imageId]);
    expect((await call("GET", "/media-api/api/images")).status).toBe(401);
  });

  it("refuses a user_id that is not the caller's", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const res = await call("POST", "/api/chat/image", {
      token: other.token,
      body: { question: "a cat", chat_id: await makeChat(other.id), user_id: owner.id },
    });
    expect(res.status).toBe(403);
    expect(await usedToday(other)).toBe(0);
  });

  it("refuses a cookie-authenticated image request from another origin (CSRF), using no quota", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const res = await call("POST", "/api/chat/image", {
      body: { question: "a cat", chat_id: chatId },
      headers: {
        Cookie: `jwt_token=${user.token}; session_token=${user.sessionToken}`,
        Origin: "https://evil.example",
      },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe("csrf_rejected");
    expect(await usedToday(user)).toBe(0);
    const same = await call("POST", "/api/chat/image", {
      body: { question: "a cat", chat_id: chatId },
      headers: { Cookie: `jwt_token=${user.token}; session_token=${user.sessionToken}`, Origin: "https://may.test" },
    });
    expect(same.status).toBe(200);
  });
});
