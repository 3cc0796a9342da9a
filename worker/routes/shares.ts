// Shared links (worker/protocol/shares.ts): the owner's API under /shares (create from a chat, list, revoke, and a
// visitor's "continue this chat"), and the public page under /s/<id> with the pictures of its snapshot. A revoked or
// unknown link is a 404 everywhere at once: the page and its pictures read the link's row on every request and are
// never cached. Another user's link is a 404 to the owner's API.
import { Hono } from "hono";
import * as v from "valibot";
import { deleteShare, listShares } from "../db/shares";
import { AppError } from "../errors";
import { requireAuth } from "../http/auth-middleware";
import type { AppEnv } from "../http/app-env";
import { valid } from "../lib/validate";
import { acceptedLanguages, chooseLanguage } from "../protocol/language";
import { CreateShareSchema, ShareIdSchema } from "../protocol/share-requests";
import { createShare, continueShare, publicShare, readShare, removeSnapshots } from "../shares/share-store";
import { sharePage, shareNotFoundPage } from "../shares/share-page";

const ShareParam = v.object({ id: ShareIdSchema });
const ShareFileParam = v.object({
  id: v.string(),
  kind: v.picklist(["images", "files"]),
  fileId: v.pipe(v.string(), v.maxLength(100)),
});

/**
 * The page and its pictures may not be kept anywhere (a revoke must take them away at once), nor framed, nor
 * indexed; the page runs no script at all.
 */
const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Content-Security-Policy":
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

export const shareRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => {
    const rows = await listShares({ db: c.var.db, userId: c.var.user.id });
    return c.json({ status: "success", data: { shares: rows.map(publicShare) } }, 200);
  })
  .post("/", valid("json", CreateShareSchema), async (c) => {
    const row = await createShare({
      main: c.var.db,
      chats: c.var.chats,
      bucket: c.env.IMAGES,
      userId: c.var.user.id,
      chatId: c.req.valid("json").chat_id,
    });
    return c.json({ status: "success", data: publicShare(row) }, 201);
  })
  .delete("/:id", valid("param", ShareParam), async (c) => {
    const { id } = c.req.valid("param");
    const row = await deleteShare({ db: c.var.db, id, userId: c.var.user.id });
    if (!row) throw new AppError("not_found", "Shared link not found");
    await removeSnapshots(c.env.IMAGES, [id]);
    return c.json({ status: "success", data: { id } }, 200);
  })
  /** A copy of the shared chat in the caller's account (their own link too: a fork of the snapshot). */
  .post("/:id/continue", valid("param", ShareParam), async (c) => {
    const found = await readShare({ main: c.var.db, bucket: c.env.IMAGES, id: c.req.valid("param").id });
    if (!found) throw new AppError("not_found", "Shared link not found");
    const copy = await continueShare({
      chats: c.var.chats,
      bucket: c.env.IMAGES,
      userId: c.var.user.id,
      snapshot: found.snapshot,
    });
    return c.json({ status: "success", data: { chat_id: copy.chatId, title: copy.title } }, 201);
  });

export const sharePageRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => {
    const lang = chooseLanguage(null, acceptedLanguages(c.req.header("Accept-Language")));
    const id = c.req.param("id");
    const found = v.is(ShareIdSchema, id) ? await readShare({ main: c.var.db, bucket: c.env.IMAGES, id }) : undefined;
    if (!found) return c.body(shareNotFoundPage(lang), 404, { ...PAGE_HEADERS, "Content-Language": lang });
    const html = sharePage({
      shareId: id,
      snapshot: found.snapshot,
      lang,
      url: new URL(c.req.path, c.req.url).href,
      affiliateCode: found.affiliateCode,
    });
    return c.body(html, 200, { ...PAGE_HEADERS, "Content-Language": lang, Vary: "Accept-Language" });
  })
  /** A picture of the snapshot (a generated one, or an image a question carried): only those, only while it lives. */
  .get("/:id/:kind{images|files}/:fileId", valid("param", ShareFileParam), async (c) => {
    const { id, kind, fileId } = c.req.valid("param");
    const found = v.is(ShareIdSchema, id) ? await readShare({ main: c.var.db, bucket: c.env.IMAGES, id }) : undefined;
    const served = found ? (kind === "images" ? found.snapshot.images : found.snapshot.files) : undefined;
    const file = served && Object.hasOwn(served, fileId) ? served[fileId] : undefined;
    const object = file ? await c.env.IMAGES.get(file.key) : null;
    if (!file || !object) throw new AppError("not_found", "Not found");
    return c.body(object.body, 200, {
      "Content-Type": file.type,
      "Content-Length": String(object.size),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
