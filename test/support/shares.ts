// Shared-link test helpers: messages and pictures written straight into a user's shard, a share made through the API,
// and the public page fetched as a signed-out visitor.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call, chatsOf, json, PNG_1X1, type TestUser } from "./api";

export interface SeedMessage {
  id: string;
  sender: "user" | "bot";
  text: string;
  parent?: string | null;
  onPath?: boolean;
  attachments?: unknown[];
}

/** Writes messages straight into the user's shard (created a second apart, in order). */
export async function seedMessages(userId: string, chatId: string, list: SeedMessage[]) {
  const d1 = await chatsOf(userId);
  const start = Date.now() - list.length * 1000;
  let previous: string | null = null;
  for (const [i, m] of list.entries()) {
    const parent = m.parent === undefined ? previous : m.parent;
    await d1
      .prepare(
        "INSERT INTO messages (chat_id, user_id, message_id, sender, message, created_at, updated_at, parent_id, on_path, attachments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(
        chatId,
        userId,
        m.id,
        m.sender,
        m.text,
        start + i * 1000,
        start + i * 1000,
        parent,
        m.onPath === false ? 0 : 1,
        m.attachments ? JSON.stringify(m.attachments) : null,
      )
      .run();
    if (m.onPath !== false) previous = m.id;
  }
}

/** A picture of the user's in R2 with its image row; its id. */
export async function seedPicture(userId: string, chatId: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  const key = `images/${userId}/${id}`;
  const bytes = Uint8Array.from(atob(PNG_1X1), (ch) => ch.charCodeAt(0));
  await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
  await (await chatsOf(userId))
    .prepare(
      "INSERT INTO images (id, user_id, chat_id, r2_key, content_type, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(id, userId, chatId, key, "image/png", bytes.byteLength, Date.now())
    .run();
  return id;
}

export async function share(u: TestUser, chatId: string) {
  const res = await call("POST", "/shares", { token: u.token, body: { chat_id: chatId } });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: string; path: string; title: string; message_count: number };
}

/** The public page, as a signed-out visitor loads it. */
export function visit(path: string, language = "en") {
  return call("GET", path, { headers: { "Accept-Language": language } });
}
