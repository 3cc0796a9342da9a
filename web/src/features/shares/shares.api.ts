// The shared-links API (worker/protocol/shares.ts): share a chat as it is now, list and revoke one's links, continue
// someone's shared chat as a copy in one's own account. Every answer is checked against the protocol's schemas.
import * as v from "valibot";
import type { CreateShareSchema } from "../../../../worker/protocol/share-requests";
import {
  ContinuedShareSchema,
  SHARE_ID_PATTERN,
  SharedLinkListSchema,
  SharedLinkSchema,
  type SharedLink,
} from "../../../../worker/protocol/shares";
import { api } from "../../lib/api";

export type { SharedLink };

/** Whether `id` can be a share's id at all (an address typed wrong is not worth a request). */
export const isShareId = (id: string) => SHARE_ID_PATTERN.test(id);

export const createShare = (chatId: string) =>
  api("/shares", SharedLinkSchema, {
    method: "POST",
    body: { chat_id: chatId } satisfies v.InferInput<typeof CreateShareSchema>,
  });

/** The caller's links, newest first. */
export const fetchShares = () => api("/shares", SharedLinkListSchema).then((d) => d.shares);

export const revokeShare = (id: string) =>
  api(`/shares/${encodeURIComponent(id)}`, v.object({ id: v.string() }), { method: "DELETE" });

/** A copy of the shared chat in the caller's account: its id and title. */
export const continueShare = (id: string) =>
  api(`/shares/${encodeURIComponent(id)}/continue`, ContinuedShareSchema, { method: "POST" });

/** The link a user hands out: the shared page's path on this app's own origin. */
export const shareUrl = (link: Pick<SharedLink, "path">) => `${location.origin}${link.path}`;
