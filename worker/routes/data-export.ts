// GET /auth/data-export: "download my data", one zip of everything the product keeps about the signed-in user
// (worker/export/account-export.ts), streamed as it is read. GET /auth/data-export/summary tells the app how much is
// coming (chats, messages, pictures, files and about how many bytes), so it can show the download's progress.
import { Hono } from "hono";
import { and, count, eq, sql, sum } from "drizzle-orm";
import { accountExport } from "../export/account-export";
import { requireAuth } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";
import { chatSessions, images, messages } from "../db/schema";
import { uploadKeyOf } from "../uploads/store";

/** Bytes of a zip per byte of message text: each message is written twice (Markdown and JSON) with its fields. */
const TEXT_FACTOR = 3;

export const dataExportRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", (c) => {
    const { body, headers } = accountExport({
      main: c.var.db,
      chats: c.var.chats,
      bucket: c.env.IMAGES,
      user: c.var.user,
    });
    return c.body(body, 200, headers);
  })
  .get("/summary", async (c) => {
    const userId = c.var.user.id;
    const db = c.var.chats;
    const [[chats], [text], [pictures]] = await db.batch([
      db
        .select({ n: count() })
        .from(chatSessions)
        .where(and(eq(chatSessions.userId, userId), eq(chatSessions.status, "active"))),
      db
        .select({ n: count(), bytes: sum(sql`length(CAST(${messages.message} AS BLOB))`) })
        .from(messages)
        .innerJoin(chatSessions, eq(chatSessions.id, messages.chatId))
        .where(and(eq(messages.userId, userId), eq(chatSessions.status, "active"))),
      db
        .select({ n: count(), bytes: sum(images.size) })
        .from(images)
        .where(eq(images.userId, userId)),
    ]);
    let files = 0;
    let fileBytes = 0;
    let cursor: string | undefined;
    do {
      const listed = await c.env.IMAGES.list({ prefix: uploadKeyOf(userId, ""), cursor });
      for (const o of listed.objects) {
        if (o.key.endsWith(".txt")) continue;
        files++;
        fileBytes += o.size;
      }
      cursor = listed.truncated ? listed.cursor : undefined;
    } while (cursor);
    const textBytes = Number(text?.bytes ?? 0);
    return c.json(
      {
        status: "success",
        data: {
          chats: chats?.n ?? 0,
          messages: text?.n ?? 0,
          images: pictures?.n ?? 0,
          files,
          approximate_bytes: Math.round(textBytes * TEXT_FACTOR + Number(pictures?.bytes ?? 0) + fileBytes),
        },
      },
      200,
    );
  });
