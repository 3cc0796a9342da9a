// POST /api/chat/image: the image turn end to end in workerd with the offline image model (no provider configured).
// A picture is drawn, stored in R2 under its owner, embedded in the saved bot message as markdown, and counted
// against the day's image quota; edits start from the user's own earlier picture; bad input is a 400; guests get
// a 401 with the sign-in-required text; an exhausted quota is a 403 with the quota headers; concurrent calls never
// pass the quota. Before them, whose pictures a user may see and edit, and each image provider's adapter. One file,
// so workerd loads the worker once for all of them.
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { imageCursorOf } from "../../../worker/db/images";
import { AppError } from "../../../worker/errors";
import { SAFETY_MESSAGE } from "../../../worker/images/http";
import { readPngChunks } from "../../../worker/images/png";
import { createImageSource, type ImageEnv } from "../../../worker/images/registry";
import { quotaDay } from "../../../worker/lib/time";
import { IMAGE_LOGIN_REQUIRED, ImageResultSchema } from "../../../worker/protocol/images";
import {
  call,
  chatsOf,
  inUserHub,
  json,
  makeChat,
  messagesOf,
  seedUser,
  setUsedToday,
  type TestUser,
} from "../../support/api";
import { userHub } from "../../../durable-objects/user-hub-stub";
import { createDb } from "../../../worker/db/client";

// ---- image.security ----------------------------------------------------------------------------------------------
// Who may see and use an image: another user's chat or original image is a 404 that uses no quota and stores
// nothing; a stored picture is readable only by its owner; the gallery never lists another user's images.
async function draw(user: TestUser, chatId: string, question = "a lantern") {
  const res = await call("POST", "/api/chat/image", { token: user.token, body: { question, chat_id: chatId } });
  expect(res.status).toBe(200);
  return json(res);
}

const usedToday = (user: TestUser) => inUserHub(user.id, (hub) => hub.state.usage.count(quotaDay(), "image"));

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

// ---- adapters ----------------------------------------------------------------------------------------------------
// Each image provider adapter against the local fake upstream (test/support/fake-images.ts) in its real wire format:
// a picture, an edit where the provider has one, and each failure mapped to its code — a bad key, 429, a safety
// refusal (safety_violation with the safety text) and a provider that never answers (image_unavailable, no hang).
const KEY = "fake-image-key";
const base = env.FAKE_IMAGES_URL;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const PROVIDERS: { name: string; env: ImageEnv; edits: boolean; expectType: string }[] = [
  {
    name: "openai",
    env: { IMAGE_PROVIDER: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${base}/openai/v1` },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "openai (dall-e-2, response_format)",
    env: {
      IMAGE_PROVIDER: "openai",
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: `${base}/openai/v1`,
      IMAGE_MODEL: "dall-e-2",
    },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "openai-compatible",
    env: { IMAGE_PROVIDER: "openai-compatible", IMAGE_BASE_URL: `${base}/compat/v1` },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "google (gemini)",
    env: { IMAGE_PROVIDER: "google", GOOGLE_GENERATIVE_AI_API_KEY: KEY, GOOGLE_BASE_URL: `${base}/google/v1beta` },
    edits: true,
    expectType: "image/png",
  },
  {
    name: "google (imagen)",
    env: {
      IMAGE_PROVIDER: "google",
      GOOGLE_GENERATIVE_AI_API_KEY: KEY,
      GOOGLE_BASE_URL: `${base}/google/v1beta`,
      IMAGE_MODEL: "imagen-4.0-generate-001",
    },
    edits: false,
    expectType: "image/png",
  },
  {
    name: "workers-ai (flux, JSON)",
    env: {
      IMAGE_PROVIDER: "workers-ai",
      CLOUDFLARE_API_TOKEN: KEY,
      IMAGE_BASE_URL: `${base}/workers-ai/client/v4/accounts/acc1/ai/run`,
    },
    edits: true,
    expectType: "image/jpeg",
  },
  {
    name: "workers-ai (stable diffusion, bytes)",
    env: {
      IMAGE_PROVIDER: "workers-ai",
      CLOUDFLARE_API_TOKEN: KEY,
      IMAGE_BASE_URL: `${base}/workers-ai/client/v4/accounts/acc1/ai/run`,
      IMAGE_MODEL: "@cf/stabilityai/stable-diffusion-xl-base-1.0",
    },
    edits: true,
    expectType: "image/png",
  },
];

async function failureOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function recorded(prompt: string): Promise<any[]> {
  return (await fetch(`${base}/__requests?prompt=${encodeURIComponent(prompt)}`)).json();
}

const original = async () => {
  const offline = createImageSource({});
  return { bytes: (await offline.generate("a red kite")).bytes, contentType: "image/png" };
};

describe.each(PROVIDERS)("$name images", ({ env: config, edits, expectType }) => {
  it("generates a picture the provider drew", async () => {
    const prompt = `a lighthouse at dawn ${crypto.randomUUID()}`;
    const image = await createImageSource(config).generate(prompt);
    expect(image.offline).toBe(false);
    expect(image.contentType).toBe(expectType);
    if (expectType === "image/png") expect([...image.bytes.slice(0, 8)]).toEqual(PNG);
    const [req] = await recorded(prompt);
    expect(req).toBeDefined();
  });

  it.runIf(edits)("edits a picture, sending the original along", async () => {
    const prompt = `make it night ${crypto.randomUUID()}`;
    const image = await createImageSource(config).edit(prompt, await original());
    expect(image.contentType).toMatch(/^image\//);
    const [req] = await recorded(prompt);
    const sent = JSON.stringify(req.body);
    // The original went upstream: a multipart file (OpenAI), inline data (Gemini) or image_b64 (Workers AI).
    expect(sent).toMatch(
      /"image":\{"name":"image.png","type":"image\/png"|"inlineData":\{"mimeType":"image\/png","data":"iVBORw0KGgo|"image_b64":"iVBORw0KGgo/,
    );
  });

  it.runIf(!edits)("refuses an edit it cannot make with image_unavailable", async () => {
    const err = await failureOf(createImageSource(config).edit("make it night", await original()));
    expect(err.code).toBe("image_unavailable");
  });

  it("maps a refused key to image_auth_failed", async () => {
    const err = await failureOf(createImageSource(config).generate("a cat [401]"));
    expect(err.code).toBe("image_auth_failed");
    expect(err.status).toBe(502);
  });

  it("maps 429 to image_rate_limited", async () => {
    const err = await failureOf(createImageSource(config).generate("a cat [429]"));
    expect(err.code).toBe("image_rate_limited");
    expect(err.status).toBe(429);
  });

  it("maps a safety refusal to safety_violation with the safety text", async () => {
    const err = await failureOf(createImageSource(config).generate("something forbidden [unsafe]"));
    expect(err.code).toBe("safety_violation");
    expect(err.message).toBe(SAFETY_MESSAGE);
    expect(err.details).toMatchObject({ safety_violation: true });
  });

  it("gives up on a provider that does not answer in time (image_unavailable, no hang)", async () => {
    const started = Date.now();
    const err = await failureOf(
      createImageSource({ ...config, IMAGE_TIMEOUT_MS: "300" }).generate("a slow cat [slow]"),
    );
    expect(err.code).toBe("image_unavailable");
    expect(err.message).toMatch(/within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("provider wire details", () => {
  it("sends OpenAI's bearer key, the model, and response_format only to models that take it", async () => {
    const p1 = `gpt-image ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[0]!.env).generate(p1);
    const [a] = await recorded(p1);
    expect(a.path).toBe("/openai/v1/images/generations");
    expect(a.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(a.body).toMatchObject({ model: "gpt-image-1", prompt: p1, n: 1 });
    expect(a.body.response_format).toBeUndefined();
    const p2 = `dall-e ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[1]!.env).generate(p2);
    expect((await recorded(p2))[0].body).toMatchObject({ model: "dall-e-2", response_format: "b64_json" });
  });

  it("calls Gemini's generateContent with image output, and Imagen's predict, with x-goog-api-key", async () => {
    const p1 = `gemini ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[3]!.env).generate(p1);
    const [g] = await recorded(p1);
    expect(g.path).toBe("/google/v1beta/models/gemini-2.5-flash-image:generateContent");
    expect(g.headers["x-goog-api-key"]).toBe(KEY);
    expect(g.body.generationConfig.responseModalities).toEqual(["TEXT", "IMAGE"]);
    const p2 = `imagen ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[4]!.env).generate(p2);
    const [i] = await recorded(p2);
    expect(i.path).toBe("/google/v1beta/models/imagen-4.0-generate-001:predict");
    expect(i.body).toEqual({ instances: [{ prompt: p2 }], parameters: { sampleCount: 1 } });
  });

  it("runs the Workers AI model under the account's ai/run path, edits with the img2img model", async () => {
    const p1 = `flux ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[5]!.env).generate(p1);
    expect((await recorded(p1))[0].path).toBe(
      "/workers-ai/client/v4/accounts/acc1/ai/run/@cf/black-forest-labs/flux-1-schnell",
    );
    const p2 = `img2img ${crypto.randomUUID()}`;
    await createImageSource(PROVIDERS[5]!.env).edit(p2, await original());
    const [e] = await recorded(p2);
    expect(e.path).toBe("/workers-ai/client/v4/accounts/acc1/ai/run/@cf/runwayml/stable-diffusion-v1-5-img2img");
    expect(e.body.strength).toBeGreaterThan(0);
  });

  it("treats a wrong key as image_auth_failed for every keyed provider", async () => {
    for (const p of [PROVIDERS[0]!, PROVIDERS[3]!, PROVIDERS[5]!]) {
      const wrong = {
        ...p.env,
        OPENAI_API_KEY: "sk-wrong",
        GOOGLE_GENERATIVE_AI_API_KEY: "wrong",
        CLOUDFLARE_API_TOKEN: "wrong",
      };
      expect((await failureOf(createImageSource(wrong).generate("a cat"))).code).toBe("image_auth_failed");
    }
  });

  it("maps an unreachable host to image_unavailable", async () => {
    const err = await failureOf(
      createImageSource({ IMAGE_PROVIDER: "openai-compatible", IMAGE_BASE_URL: "http://127.0.0.1:9/v1" }).generate(
        "a cat",
      ),
    );
    expect(err.code).toBe("image_unavailable");
  });
});

// ---- image -------------------------------------------------------------------------------------------------------
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
    const row = await (await chatsOf(user.id))
      .prepare("SELECT * FROM images WHERE id = ?")
      .bind(body.imageId)
      .first<any>();
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
    const row = await (await chatsOf(user.id))
      .prepare("SELECT is_edit, original_image_id FROM images WHERE id = ?")
      .bind(viaLink.imageId)
      .first<any>();
    expect(row).toEqual({ is_edit: 1, original_image_id: first.imageId });
  });

  it("refuses a guest with 401 and the sign-in-required text", async () => {
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
    [{ question: " https://may.test/media-api/api/images/abc ", chat_id: "CHAT" }, "Question is required"],
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
    expect(await inUserHub(user.id, (hub) => hub.state.usage.count(quotaDay(), "image"))).toBe(0);
  });

  it("checks the question once, at the edge: one that is only an image link is 400 before any chat is looked at", async () => {
    const owner = await seedUser();
    const user = await seedUser();
    const othersChat = await makeChat(owner.id);
    const res = await call("POST", "/api/chat/image", {
      token: user.token,
      body: { question: "/media-api/api/images/abc", chat_id: othersChat, is_edit: true },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      code: "invalid_input",
      message: "Question is required",
      field: "question",
    });
    expect(await inUserHub(user.id, (hub) => hub.state.usage.count(quotaDay(), "image"))).toBe(0);
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
    const { results: rows } = await (await chatsOf(user.id))
      .prepare("SELECT id FROM images WHERE user_id = ?")
      .bind(user.id)
      .all();
    expect(rows).toHaveLength(2);
    expect(await inUserHub(user.id, (hub) => hub.state.usage.count(quotaDay(), "image"))).toBe(3);
  });

  /** Runs an image turn inside the user's object with another image configuration (the worker's env is fixed). */
  async function turnWith(user: TestUser, config: Partial<Env>, fields: { chatId: string; question: string }) {
    const { runTurn, turnHost } = await import("../../../durable-objects/turn/turn");
    return inUserHub(user.id, async (hub) => {
      const session = hub.state.sessions.list()[0]!;
      const host = turnHost(hub.state, hub.generations, { ...env, ...config }, createDb(env.DB));
      return runTurn(host, {
        sessionId: session.id,
        tokenHash: null,
        claimedUserId: null,
        userMessageId: crypto.randomUUID(),
        botMessageId: crypto.randomUUID(),
        kind: { type: "image", isEdit: false, originalImage: null },
        ...fields,
      })
        .then((turn) => turn.picture)
        .catch((e: unknown) => e);
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
    expect(await inUserHub(user.id, (hub) => hub.state.usage.count(quotaDay(), "image"))).toBe(0);
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
    expect(await inUserHub(user.id, (hub) => hub.state.usage.count(quotaDay(), "image"))).toBe(0);
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
    await (await userHub(env, user.id)).userChanged();
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
