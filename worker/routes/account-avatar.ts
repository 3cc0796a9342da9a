// /auth/avatar: the profile picture, stored in R2 under avatars/<userId>/<fileId>. POST takes the image (multipart
// field "avatar", or the raw bytes) up to 2 MB, recognised by its bytes (PNG, JPEG, WebP, GIF — never by the
// declared type), and points users.avatar at GET /auth/avatar/<fileId>, which only its owner can read (the user id
// is part of the key, so another user's file id is simply not found). DELETE removes it.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { publicUser, updateProfile } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { valid } from "../lib/validate";

/** Largest avatar: 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_PATH = "/auth/avatar/";

const ParamSchema = v.object({ fileId: v.pipe(v.string(), v.uuid("Unknown avatar")) });

/** The image type from its first bytes, or null for anything that is not a PNG, JPEG, WebP or GIF. */
export function sniffImageType(b: Uint8Array): string | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (
    b.length >= 12 &&
    String.fromCharCode(...b.slice(0, 4)) === "RIFF" &&
    String.fromCharCode(...b.slice(8, 12)) === "WEBP"
  )
    return "image/webp";
  if (b.length >= 6 && /^GIF8[79]a$/.test(String.fromCharCode(...b.slice(0, 6)))) return "image/gif";
  return null;
}

const r2Key = (userId: string, fileId: string) => `avatars/${userId}/${fileId}`;

/** The file id of a stored avatar URL of ours, else null (an external URL set through update-profile). */
function ownFileId(avatar: string | null): string | null {
  return avatar?.startsWith(AVATAR_PATH) ? avatar.slice(AVATAR_PATH.length) : null;
}

async function readUpload(req: Request): Promise<Uint8Array> {
  const declared = Number(req.headers.get("Content-Length") ?? "0");
  if (declared > AVATAR_MAX_BYTES + 64 * 1024)
    throw new AppError("payload_too_large", "The avatar is larger than 2 MB");
  const type = req.headers.get("Content-Type") ?? "";
  let bytes: Uint8Array;
  if (type.startsWith("multipart/form-data")) {
    const form = await req.formData().catch(() => null);
    const file = form?.get("avatar");
    if (!file || typeof file === "string")
      throw new AppError("invalid_input", "Avatar is required", { field: "avatar" });
    bytes = new Uint8Array(await file.arrayBuffer());
  } else {
    bytes = new Uint8Array(await req.arrayBuffer());
  }
  if (bytes.length === 0) throw new AppError("invalid_input", "Avatar is required", { field: "avatar" });
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError("payload_too_large", "The avatar is larger than 2 MB");
  return bytes;
}

export const accountAvatarRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post("/", async (c) => {
    const bytes = await readUpload(c.req.raw);
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new AppError("unsupported_media_type", "The avatar must be a PNG, JPEG, WebP or GIF image");
    const user = c.var.user;
    const fileId = crypto.randomUUID();
    await c.env.IMAGES.put(r2Key(user.id, fileId), bytes, { httpMetadata: { contentType } });
    const updated = await updateProfile({
      db: c.var.db,
      owner: c.var.hub,
      userId: user.id,
      patch: { avatar: `${AVATAR_PATH}${fileId}` },
    });
    if (!updated) throw new AppError("not_found", "User not found");
    const previous = ownFileId(user.avatar);
    if (previous) await c.env.IMAGES.delete(r2Key(user.id, previous));
    return c.json({ status: "success", data: { user: publicUser(updated), avatar: updated.avatar } }, 201);
  })
  .get("/:fileId", valid("param", ParamSchema), async (c) => {
    const object = await c.env.IMAGES.get(r2Key(c.var.user.id, c.req.valid("param").fileId));
    if (!object) throw new AppError("not_found", "Avatar not found");
    return c.body(object.body, 200, {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      // A file id never changes content; private, because only its owner may read it.
      "Cache-Control": "private, max-age=86400, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  })
  .delete("/", async (c) => {
    const user = c.var.user;
    const previous = ownFileId(user.avatar);
    const updated = await updateProfile({ db: c.var.db, owner: c.var.hub, userId: user.id, patch: { avatar: null } });
    if (previous) await c.env.IMAGES.delete(r2Key(user.id, previous));
    return c.json({ status: "success", data: { user: updated ? publicUser(updated) : null } }, 200);
  });
