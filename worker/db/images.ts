// Image rows: which user owns which R2 object, with its content type and size. Reads put the user in the WHERE,
// so another user's image is simply not found.
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { Db } from "./client";
import { idGroups } from "./id-groups";
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
  isEdit?: boolean;
  originalImageId?: string | null;
  offline?: boolean;
}

export async function insertImage({ db, image }: { db: Db; image: NewImage }) {
  const [row] = await insertImageStatement({ db, image });
  return row;
}

/** The insert of insertImage, for a caller that adds it to its own batch (the image turn: image and messages at once). */
export function insertImageStatement({
  db,
  image,
  createdAt = Date.now(),
}: {
  db: Db;
  image: NewImage;
  createdAt?: number;
}) {
  return db
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
      isEdit: image.isEdit ?? false,
      originalImageId: image.originalImageId ?? null,
      offline: image.offline ?? false,
      createdAt,
    })
    .returning();
}

/** The user's image with this id, or undefined (also when it belongs to someone else). */
export async function getImage({ db, id, userId }: { db: Db; id: string; userId: string }) {
  return db.query.images.findFirst({ where: and(eq(images.id, id), eq(images.userId, userId)) });
}

/** A position in the user's images, newest first: the (created_at, id) of the last image of a page. */
export interface ImageCursor {
  createdAt: number;
  id: string;
}

export function imageCursorOf(row: { createdAt: number; id: string }): string {
  return `${row.createdAt}~${row.id}`;
}

/** Reads a cursor made by imageCursorOf; null when it is not one. */
export function parseImageCursor(s: string): ImageCursor | null {
  const m = /^(\d{1,16})~([\w.:-]{1,100})$/.exec(s);
  return m ? { createdAt: Number(m[1]), id: m[2]! } : null;
}

/**
 * One page of the user's images, newest first, after `before`; with the cursor to the next (older) page, null when
 * there is none. The user is in the WHERE: another user's images are never listed.
 */
export async function listImages({
  db,
  userId,
  limit,
  before,
}: {
  db: Db;
  userId: string;
  limit: number;
  before?: ImageCursor | null;
}) {
  const older = before
    ? or(lt(images.createdAt, before.createdAt), and(eq(images.createdAt, before.createdAt), lt(images.id, before.id)))
    : undefined;
  // One extra row tells whether older images exist.
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.userId, userId), older))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? imageCursorOf(page.at(-1)!) : null };
}

/** The user's images among these ids (any order); others' and unknown ids are left out. */
export async function getImagesByIds({ db, userId, ids }: { db: Db; userId: string; ids: string[] }) {
  const rows: ImageRow[] = [];
  for (const group of idGroups(ids)) {
    rows.push(
      ...(await db
        .select()
        .from(images)
        .where(and(eq(images.userId, userId), inArray(images.id, group)))),
    );
  }
  return rows;
}
