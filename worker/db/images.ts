// Image rows: which user owns which R2 object, with its content type and size. Reads put the user in the WHERE,
// so another user's image is simply not found.
import { and, eq } from "drizzle-orm";
import type { Db } from "../env";
import { images } from "./schema";

export type ImageRow = typeof images.$inferSelect;

export interface NewImage {
  id: string;
  userId: string;
  r2Key: string;
  contentType: string;
  /** Bytes. */
  size: number;
  chatId?: string | null;
  messageId?: string | null;
  prompt?: string | null;
  model?: string | null;
}

export async function insertImage({ db, image }: { db: Db; image: NewImage }) {
  const [row] = await db
    .insert(images)
    .values({
      id: image.id,
      userId: image.userId,
      r2Key: image.r2Key,
      contentType: image.contentType,
      size: image.size,
      chatId: image.chatId ?? null,
      messageId: image.messageId ?? null,
      prompt: image.prompt ?? null,
      model: image.model ?? null,
      createdAt: Date.now(),
    })
    .returning();
  return row;
}

/** The user's image with this id, or undefined (also when it belongs to someone else). */
export async function getImage({ db, id, userId }: { db: Db; id: string; userId: string }) {
  return db.query.images.findFirst({ where: and(eq(images.id, id), eq(images.userId, userId)) });
}
