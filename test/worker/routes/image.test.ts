// POST /api/chat/image: the image turn end to end in workerd with the offline image model (no provider configured).
// A picture is drawn, stored in R2 under its owner, embedded in the saved bot message as markdown, and counted
// against the day's image quota; edits start from the user's own earlier picture; bad input is a 400; guests get
// the spec's text; an exhausted quota is a 403 with the quota headers; concurrent calls never pass the quota.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { imageCursorOf } from "../../../worker/db/images";
import { SAFETY_MESSAGE } from "../../../worker/images/http";
import { readPngChunks } from "../../../worker/images/png";
import { quotaDay } from "../../../worker/lib/time";
import { IMAGE_LOGIN_REQUIRED, ImageResultSchema } from "../../../worker/protocol/images";
import { call, inUserHub, json, makeChat, messagesOf, seedUser, setUsedToday, type TestUser } from "../../support/api";
import * as v from "valibot";

async function ask(user: TestUser, body: Record<string, unknown>) {
  return call("POST", "/api/chat/image", {
    token: user.token,
    body: { model: "stable-diffusion", is_premium: false, messages: [], ...body },
  });
}

async function imageBytes(user: TestUser, url: string) {
  const res = await call("GET", url, { token: user.token });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("POST /api/chat/image", () => {
  it("draws a picture offline, stores it under its owner and saves both messages", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const res = await ask(user, {
      question: "a pagoda on a misty lake",
      chat_id: chatId,
      user_id: user.id,
      message_id: "u-1",
      bot_message_id: "b-1",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Remaining-Usage")).toBe("2");
    expect(res.headers.get("X-Warning-Level")).toBe("critical");
    const body = v.parse(ImageResultSchema, await res.json());
    expect(body).toMatchObject({
      prompt: "a pagoda on a misty lake",
      type: "generation",
      isEdit: false,
      originalImage: null,
      offline: true,
      model: "offline-image",
      metadata: { remainingUsage: 2, warningLevel: "critical", model: "offline-image" },
    });
    expect(body.imageUrl).toMatch(/^\/media-api\/api\/images\/[\w-]+$/);
    expect(body.message.startsWith(`![Generated image](${body.imageUrl})`)).toBe(true);
    expect(body.description).toMatch(/Offline model/);

    const png = await imageBytes(user, body.imageUrl);
    expect(readPngChunks(png)?.every((c) => c.crcOk)).toBe(true);

    const saved = await messagesOf(chatId);
    expect(saved.map((m) => [m.message_id, m.sender, m.is_image_mode])).toEqual([
      ["u-1", "user", 1],
      ["b-1", "bot", 1],
    ]);
    expect(saved[1].message).toBe(body.message);
    expect(saved[1].offline).toBe(1);
    const row = await env.DB.prepare("SELECT * FROM images WHERE id = ?").bind(body.imageId).first<any>();
    expect(row).toMatchObject({
      user_id: user.id,
      chat_id: chatId,
      message_id: "b-1",
      r2_key: `images/${user.id}/${body.imageId}`,
      is_edit: 0,
      offline: 1,
    });
    const usage = await env.DB.prepare(
      "SELECT count FROM daily_usage WHERE user_id = ? AND day = ? AND bucket = 'image'",
    )
      .bind(user.id, quotaDay())
      .first<any>();
    expect(usage?.count).toBe(1);
    // The chat's content (what a reload shows) holds the picture's markdown.
    const content = await json(await call("GET", `/media-api/api/chat/content/${chatId}`, { token: user.token }));
    expect(content.data.chats[0].messages.at(-1).message).toContain("![Generated image](");
  });

  it("edits the user's earlier picture into a different one, from original_image or a link in the question", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const first = await json(await ask(user, { question: "a red kite", chat_id: chatId }));
    const edit = await ask(user, {
      question: "vẽ lại with a night sky",
      chat_id: chatId,
      is_edit: true,
      original_image: first.imageUrl,
    });
    expect(edit.status).toBe(200);
    const edited = await json(edit);
    expect(edited).toMatchObject({ isEdit: true, type: "edit", originalImage: first.imageUrl });
    // the offline model describes the edit in the prompt's language (this one reads as Vietnamese)
    expect(edited.description).toMatch(
      /^Mô hình ngoại tuyến: một biến thể của ảnh gốc, vẽ từ “vẽ lại with a night sky”/,
    );
    expect(edited.message).toContain("Mô hình ngoại tuyến");
    expect(await imageBytes(user, edited.imageUrl)).not.toEqual(await imageBytes(user, first.imageUrl));

    // The client appends the latest picture's link to a regeneration phrase: that is the original too.
    const viaLink = await json(
      await ask(user, { question: `redraw it ${first.imageUrl}`, chat_id: chatId, is_edit: true }),
    );
    expect(viaLink).toMatchObject({ isEdit: true, originalImage: first.imageUrl, prompt: "redraw it" });
    const row = await env.DB.prepare("SELECT is_edit, original_image_id FROM images WHERE id = ?")
      .bind(viaLink.imageId)
      .first<any>();
    expect(row).toEqual({ is_edit: 1, original_image_id: first.imageId });
  });

  it("refuses a guest with the spec's text", async () => {
    const res = await call("POST", "/api/chat/image", { body: { question: "a cat", chat_id: "c1" } });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ code: "unauthorized", message: IMAGE_LOGIN_REQUIRED });
    const bad = await call("POST", "/api/chat/image", {
      token: "not-a-jwt",
      body: { question: "a cat", chat_id: "c1" },
    });
    expect(bad.status).toBe(401);
    expect((await json(bad)).message).toBe(IMAGE_LOGIN_REQUIRED);
  });

  it.each([
    [{ chat_id: "CHAT" }, "Question is required"],
    [{ question: "   ", chat_id: "CHAT" }, "Question is required"],
    [{ question: 42, chat_id: "CHAT" }, "Question is required"],
    [{ question: "x".repeat(4_001), chat_id: "CHAT" }, "at most 4000"],
    [{ question: "a cat" }, "Chat id is required"],
    [{ question: "a cat", chat_id: "CHAT", is_edit: "yes" }, "is_edit must be true or false"],
    [{ question: "a cat", chat_id: "CHAT", is_edit: true }, "original_image"],
    [
      { question: "a cat", chat_id: "CHAT", is_edit: true, original_image: "javascript:alert(1)" },
      "original_image must be",
    ],
    [
      { question: "a cat", chat_id: "CHAT", is_edit: true, original_image: "javascript:void" },
      "original_image must be",
    ],
    [
      { question: "a cat", chat_id: "CHAT", is_edit: true, original_image: "data:image/png;base64,iVBORw0KGgo=" },
      "original_image must be",
    ],
    [
      { question: "a cat", chat_id: "CHAT", is_edit: true, original_image: "//evil.example/media-api/api/images/abc" },
      "original_image must be",
    ],
  ])("answers 400 to bad input %j, using no quota", async (body, message) => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const res = await call("POST", "/api/chat/image", {
      token: user.token,
      body: JSON.parse(JSON.stringify(body).replace('"CHAT"', JSON.stringify(chatId))),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toContain(message);
    expect(await inUserHub(user.id, (hub) => hub.state.usage(quotaDay(), "image"))).toBe(0);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const user = await seedUser();
    const res = await call("POST", "/api/chat/image", {
      token: user.token,
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
  });

  it("answers 403 quota_exhausted with the quota headers once the day's images are used", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    await setUsedToday(user.id, "image", 3);
    const res = await ask(user, { question: "a cat", chat_id: chatId });
    expect(res.status).toBe(403);
    expect(res.headers.get("X-Remaining-Usage")).toBe("0");
    expect(res.headers.get("X-Warning-Level")).toBe("zero_remaining");
    expect(await json(res)).toMatchObject({ code: "quota_exhausted" });
    expect(await messagesOf(chatId)).toEqual([]);
  });

  it("lets exactly the remaining number of concurrent requests through", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    await setUsedToday(user.id, "image", 1); // 2 of 3 left
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ask(user, { question: `a cat number ${i}`, chat_id: chatId })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);
    const { results: rows } = await env.DB.prepare("SELECT id FROM images WHERE user_id = ?").bind(user.id).all();
    expect(rows).toHaveLength(2);
    expect(await inUserHub(user.id, (hub) => hub.state.usage(quotaDay(), "image"))).toBe(3);
  });

  /** Runs an image turn inside the user's object with another image configuration (the worker's env is fixed). */
  async function turnWith(user: TestUser, config: Partial<Env>, fields: { chatId: string; question: string }) {
    const { runImageTurn } = await import("../../../worker/turn/image-turn");
    return inUserHub(user.id, async (hub) => {
      const session = hub.state.activeSessions()[0]!;
      return runImageTurn(
        {
          state: hub.state,
          generations: hub.generations,
          bucket: env.IMAGES,
          env: { ...env, ...config },
          authorize: () => hub.state.sessionUser(session.id, null),
        },
        {
          sessionId: session.id,
          tokenHash: null,
          claimedUserId: null,
          userMessageId: crypto.randomUUID(),
          botMessageId: crypto.randomUUID(),
          isEdit: false,
          originalImage: null,
          ...fields,
        },
      ).catch((e: unknown) => e);
    });
  }

  it("gives the use back when the provider is unreachable", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const err = await turnWith(
      user,
      { IMAGE_PROVIDER: "openai-compatible", IMAGE_BASE_URL: "http://127.0.0.1:9/v1" },
      { chatId, question: "a cat" },
    );
    expect((err as { code?: string }).code).toBe("image_unavailable");
    expect(await inUserHub(user.id, (hub) => hub.state.usage(quotaDay(), "image"))).toBe(0);
    expect(await messagesOf(chatId)).toEqual([]);
  });

  it("gives the use back on a safety refusal, which carries the safety text", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const err = await turnWith(
      user,
      { IMAGE_PROVIDER: "openai-compatible", IMAGE_BASE_URL: `${env.FAKE_IMAGES_URL}/compat/v1` },
      { chatId, question: "something [unsafe]" },
    );
    expect(err).toMatchObject({ code: "safety_violation", message: SAFETY_MESSAGE });
    expect(await inUserHub(user.id, (hub) => hub.state.usage(quotaDay(), "image"))).toBe(0);
    expect(await messagesOf(chatId)).toEqual([]);
  });

  it("stores a configured provider's picture with its own type and model", async () => {
    const user = await seedUser();
    const chatId = await makeChat(user.id);
    const result = (await turnWith(
      user,
      {
        IMAGE_PROVIDER: "workers-ai",
        CLOUDFLARE_API_TOKEN: "fake-image-key",
        IMAGE_BASE_URL: `${env.FAKE_IMAGES_URL}/workers-ai/client/v4/accounts/a/ai/run`,
      },
      { chatId, question: "a dragon over Ha Long bay" },
    )) as { imageUrl: string; model: string; offline: boolean };
    expect(result).toMatchObject({ model: "@cf/black-forest-labs/flux-1-schnell", offline: false });
    const res = await call("GET", result.imageUrl, { token: user.token });
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await messagesOf(chatId))[1].offline).toBe(0);
  });
});

describe("GET /media-api/api/images (gallery)", () => {
  it("lists the user's pictures newest first, a page at a time, with prompt, url, chat and edit flag", async () => {
    const user = await seedUser();
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_end = ? WHERE id = ?")
      .bind(Date.now() + 86_400_000, user.id)
      .run();
    const { userChanged } = await import("../../../worker/auth/sessions");
    await userChanged(env, user.id);
    const chatId = await makeChat(user.id);
    const made = [];
    for (const q of ["one", "two", "three"])
      made.push(await json(await ask(user, { question: `picture ${q}`, chat_id: chatId })));
    const edit = await json(
      await ask(user, { question: "picture four", chat_id: chatId, is_edit: true, original_image: made[0].imageUrl }),
    );
    made.push(edit);

    const first = await json(await call("GET", "/media-api/api/images?limit=3", { token: user.token }));
    expect(first.success).toBe(true);
    expect(first.data.images.map((i: any) => i.prompt)).toEqual(["picture four", "picture three", "picture two"]);
    expect(first.data.images[0]).toMatchObject({
      url: edit.imageUrl,
      chat_id: chatId,
      isEdit: true,
      originalImage: made[0].imageUrl,
      model: "offline-image",
      offline: true,
      content_type: "image/png",
    });
    expect(first.data.next_before).toEqual(expect.any(String));
    const second = await json(
      await call("GET", `/media-api/api/images?limit=3&before=${encodeURIComponent(first.data.next_before)}`, {
        token: user.token,
      }),
    );
    expect(second.data.images.map((i: any) => i.prompt)).toEqual(["picture one"]);
    expect(second.data.next_before).toBeNull();
  });

  it("answers 400 to a bad limit or cursor", async () => {
    const user = await seedUser();
    for (const q of ["limit=0", "limit=1000", "limit=abc", "before=nope"]) {
      expect((await call("GET", `/media-api/api/images?${q}`, { token: user.token })).status).toBe(400);
    }
    expect(imageCursorOf({ createdAt: 5, id: "x" })).toBe("5~x");
  });
});
