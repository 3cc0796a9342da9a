// Shared links, declared once for the worker (which answers with them) and the SPA (which reads them): a user shares a
// read-only snapshot of one chat's chosen path at that moment under an unguessable id; anyone with the link reads it at
// /s/<id> (HTML rendered by the worker), a signed-in visitor can continue it as a copy in their own account, and the
// owner lists and revokes their links (a revoked link is a 404 at once).
//   POST   /shares {chat_id}          201 {status:"success", data: SharedLink}       (404: not the caller's chat)
//   GET    /shares                    200 {status:"success", data: {shares: SharedLink[]}}, newest first
//   DELETE /shares/:id                200 {status:"success", data: {id}}             (404: not the caller's link)
//   POST   /shares/:id/continue       201 {status:"success", data: {chat_id, title}} (a copy of the snapshot)
import * as v from "valibot";

/** A share's id: 22 characters of base64url, 128 random bits (the link is the only key to it). Requests: share-requests.ts. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The shared page's path for a share id (same origin as the app). */
export const sharePathOf = (id: string) => `/s/${id}`;

export const SharedLinkSchema = v.object({
  id: v.string(),
  /** The page's path, /s/<id>: the SPA makes it absolute with its own origin. */
  path: v.string(),
  chat_id: v.string(),
  /** The chat's title when it was shared. */
  title: v.string(),
  /** Messages in the snapshot. */
  message_count: v.number(),
  created_at: v.string(),
});
export type SharedLink = v.InferOutput<typeof SharedLinkSchema>;

export const SharedLinkListSchema = v.object({ shares: v.array(SharedLinkSchema) });

export const ContinuedShareSchema = v.object({ chat_id: v.string(), title: v.string() });
export type ContinuedShare = v.InferOutput<typeof ContinuedShareSchema>;
