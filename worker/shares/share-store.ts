// Shared links end to end: taking a chat's snapshot (its chosen path now, its pictures' R2 keys) and storing it, reading
// a live one for the page, removing revoked ones from R2, and "continue this chat": a copy of the snapshot as a new chat
// of the visitor, with its pictures copied into the visitor's own space (the sharer's stay the sharer's, and revoking
// the link later takes nothing from the copy).
import { encodeBase64Url } from "hono/utils/encode";
import type { Db } from "../db/client";
import { getChat, newChatId } from "../db/chats";
import { getImagesByIds, insertImageStatement } from "../db/images";
import { listMessages } from "../db/messages";
import { chatSessions, messages } from "../db/schema";
import { findShare, insertShare, type SharedLinkRow } from "../db/shares";
import { AppError } from "../errors";
import { type SharedLink, sharePathOf } from "../protocol/shares";
import type { AttachmentRef } from "../protocol/resources";
import { uploadKeyOf, uploadUrlOf } from "../uploads/store";
import { imageUrlOf } from "../protocol/images";
import {
  buildSnapshot,
  imageIdsIn,
  MAX_SHARE_MESSAGES,
  parseSnapshot,
  replaceSharedLinks,
  type Snapshot,
  snapshotKeyOf,
} from "./snapshot";

/** D1 statements per batch when a copy is written: a long chat goes in a few batches (chat row first). */
const COPY_BATCH = 200;

export function publicShare(row: SharedLinkRow): SharedLink {
  return {
    id: row.id,
    path: sharePathOf(row.id),
    chat_id: row.chatId,
    title: row.title,
    message_count: row.messageCount,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

function newShareId(): string {
  // 16 bytes → 22 characters once the padding goes
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(16)).buffer).replace(/=+$/, "");
}

/** Shares the user's chat as it is now: the snapshot goes to R2, then the row that makes it readable. */
export async function createShare({
  main,
  chats,
  bucket,
  userId,
  chatId,
}: {
  main: Db;
  chats: Db;
  bucket: R2Bucket;
  userId: string;
  chatId: string;
}): Promise<SharedLinkRow> {
  const [chat, path] = await Promise.all([
    getChat({ db: chats, id: chatId, userId }),
    listMessages({ db: chats, chatId, userId, limit: MAX_SHARE_MESSAGES + 1 }),
  ]);
  if (!chat) throw new AppError("not_found", "Chat not found");
  if (path.length === 0) throw new AppError("conflict", "An empty chat cannot be shared");
  if (path.length > MAX_SHARE_MESSAGES) {
    throw new AppError("payload_too_large", `A chat of more than ${MAX_SHARE_MESSAGES} messages cannot be shared`);
  }
  const imageIds = [...new Set(path.flatMap((m) => (m.sender === "bot" ? imageIdsIn(m.message) : [])))];
  const owned = imageIds.length ? await getImagesByIds({ db: chats, userId, ids: imageIds }) : [];
  const id = newShareId();
  const now = Date.now();
  const snapshot = buildSnapshot(
    id,
    {
      chatId,
      title: chat.title,
      messages: path,
      images: new Map(owned.map((r) => [r.id, { key: r.r2Key, type: r.contentType }])),
      uploadKey: (uploadId) => uploadKeyOf(userId, uploadId),
    },
    now,
  );
  await bucket.put(snapshotKeyOf(id), JSON.stringify(snapshot), {
    httpMetadata: { contentType: "application/json" },
  });
  const [row] = await insertShare({
    db: main,
    row: { id, userId, chatId, title: chat.title, messageCount: path.length, createdAt: now },
  });
  if (!row) throw new Error("shared link not saved");
  return row;
}

/** A live link's snapshot and its sharer's affiliate code; undefined once revoked (or never made). */
export async function readShare({ main, bucket, id }: { main: Db; bucket: R2Bucket; id: string }) {
  // both at once: the page waits for one round trip, not two
  const [found, object] = await Promise.all([findShare({ db: main, id }), bucket.get(snapshotKeyOf(id))]);
  if (!found || !object) return undefined;
  const snapshot = parseSnapshot(await object.text());
  return snapshot ? { row: found.link, affiliateCode: found.affiliateCode, snapshot } : undefined;
}

/** Removes revoked links' snapshots from R2 (their rows are gone already, so they are unreadable either way). */
export async function removeSnapshots(bucket: R2Bucket, ids: string[]): Promise<void> {
  if (ids.length) await bucket.delete(ids.map(snapshotKeyOf));
}

/** Copies one R2 object (bytes and metadata) to a new key; false when the source is gone. */
async function copyObject(bucket: R2Bucket, from: string, to: string): Promise<R2Object | null> {
  const source = await bucket.get(from);
  if (!source) return null;
  return bucket.put(to, source.body, {
    httpMetadata: source.httpMetadata,
    customMetadata: source.customMetadata,
  });
}

/**
 * "Continue this chat": the snapshot becomes a new chat of `userId` (one path, the shared order, dates kept), its
 * pictures and attached images copied into the user's own space first. Quotas are not touched: nothing is generated.
 */
export async function continueShare({
  chats,
  bucket,
  userId,
  snapshot,
}: {
  chats: Db;
  bucket: R2Bucket;
  userId: string;
  snapshot: Snapshot;
}) {
  const chatId = newChatId();
  const now = Date.now();
  // the pictures first: a chat row is only written once everything it shows is in place
  const newImages = new Map<string, string>();
  const imageRows: ReturnType<typeof insertImageStatement>[] = [];
  for (const [oldId, { key, type }] of Object.entries(snapshot.images)) {
    const id = crypto.randomUUID();
    const r2Key = `images/${userId}/${id}`;
    const copied = await copyObject(bucket, key, r2Key);
    if (!copied) continue;
    newImages.set(oldId, id);
    imageRows.push(
      insertImageStatement({
        db: chats,
        image: { id, userId, r2Key, contentType: type, size: copied.size, chatId },
        createdAt: now,
      }),
    );
  }
  const newFiles = new Map<string, string>();
  for (const [oldId, { key }] of Object.entries(snapshot.files)) {
    const id = crypto.randomUUID();
    if (await copyObject(bucket, key, uploadKeyOf(userId, id))) newFiles.set(oldId, id);
  }
  const relink = (kind: "images" | "files", id: string) => {
    const to = kind === "images" ? newImages.get(id) : newFiles.get(id);
    return to ? (kind === "images" ? imageUrlOf(to) : uploadUrlOf(to)) : null;
  };

  let parentId: string | null = null;
  const rows = snapshot.messages.map((m) => {
    const attachments: AttachmentRef[] = m.attachments.flatMap((a) => {
      const id = a.url ? newFiles.get(a.id) : undefined;
      // a file that is not an image was not shared (only its name was): the copy lists it no more
      if (!id) return [];
      return [{ id, name: a.name, type: a.type, group: "image" as const, size: a.size, url: uploadUrlOf(id) }];
    });
    const row: typeof messages.$inferInsert = {
      chatId,
      userId,
      messageId: m.id,
      sender: m.sender,
      message: replaceSharedLinks(m.text, relink),
      model: m.model,
      citations: m.citations,
      stopped: m.stopped,
      isImageMode: m.is_image,
      attachments: attachments.length ? attachments : null,
      createdAt: m.created_at,
      updatedAt: now,
      parentId,
      onPath: true,
    };
    parentId = m.id;
    return row;
  });
  const statements = [
    chats
      .insert(chatSessions)
      .values({ id: chatId, userId, title: snapshot.title, createdAt: now, updatedAt: now, lastMessageAt: now })
      .returning(),
    ...rows.map((row) => chats.insert(messages).values(row)),
    ...imageRows,
  ];
  for (let i = 0; i < statements.length; i += COPY_BATCH) {
    const part = statements.slice(i, i + COPY_BATCH) as [(typeof statements)[number], ...typeof statements];
    await chats.batch(part);
  }
  return { chatId, title: snapshot.title };
}
