// A shared link's snapshot: the chat's chosen path at the moment it was shared, as the public page shows it, kept in
// R2 (shares/<id>.json) so nothing the user writes later, and nothing else of theirs, can reach the page. It holds the
// messages' text with every picture of the chat pointing at the share's own URLs (/s/<id>/images/<image id>,
// /s/<id>/files/<upload id>), and the R2 keys those URLs may serve: nothing outside the snapshot is ever served
// through a share. No name, email or other chat of the user is in it.
import * as v from "valibot";
import { type Citation, CitationSchema } from "../protocol/chat-stream";
import { sharePathOf } from "../protocol/shares";
import type { AttachmentRef } from "../protocol/resources";

/** A chat longer than this is not shared (its page would be too long to read, and its copy too long to write). */
export const MAX_SHARE_MESSAGES = 1_000;

/** R2 key of a share's snapshot. */
export const snapshotKeyOf = (shareId: string) => `shares/${shareId}.json`;

/** Our picture links in a message's text: /media-api/api/images/<id>, relative or absolute (image-links.ts). */
const IMAGE_LINK = /(?:https?:\/\/[^\s()<>"']+)?\/media-api\/api\/images\/([A-Za-z0-9_.:-]{1,100})/g;
/** The share's own picture links, as the snapshot's text holds them. */
const SHARED_LINK = /\/s\/[A-Za-z0-9_-]{22}\/(images|files)\/([A-Za-z0-9_.:-]{1,100})/g;

/** What a share may serve: an R2 key and its content type, by the id in the share's URL. */
const ServedSchema = v.record(v.string(), v.object({ key: v.string(), type: v.string() }));

const SnapshotAttachmentSchema = v.object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  group: v.string(),
  size: v.number(),
  /** The share's URL of an image; null for other files, listed by name only. */
  url: v.nullable(v.string()),
});

const SnapshotMessageSchema = v.object({
  id: v.string(),
  sender: v.picklist(["user", "bot"]),
  text: v.string(),
  model: v.nullable(v.string()),
  created_at: v.number(),
  citations: v.array(CitationSchema),
  attachments: v.array(SnapshotAttachmentSchema),
  stopped: v.boolean(),
  is_image: v.boolean(),
});

export const SnapshotSchema = v.object({
  version: v.literal(1),
  chat_id: v.string(),
  title: v.string(),
  created_at: v.number(),
  messages: v.array(SnapshotMessageSchema),
  images: ServedSchema,
  files: ServedSchema,
});
export type Snapshot = v.InferOutput<typeof SnapshotSchema>;
export type SnapshotMessage = v.InferOutput<typeof SnapshotMessageSchema>;

/** The ids of our pictures a text links to. */
export function imageIdsIn(text: string): string[] {
  return [...text.matchAll(IMAGE_LINK)].map((m) => m[1] as string);
}

export interface SnapshotSource {
  chatId: string;
  title: string;
  messages: {
    messageId: string;
    sender: "user" | "bot";
    message: string;
    model: string | null;
    createdAt: number;
    citations: unknown[] | null;
    attachments: AttachmentRef[] | null;
    stopped: boolean;
    isImageMode: boolean;
  }[];
  /** The sharer's pictures the messages link to, by id: where they are in R2. */
  images: Map<string, { key: string; type: string }>;
  /** Where the sharer's upload with this id is in R2. */
  uploadKey: (id: string) => string;
}

/** The snapshot of `source` for the share `shareId`. */
export function buildSnapshot(shareId: string, source: SnapshotSource, now = Date.now()): Snapshot {
  const base = sharePathOf(shareId);
  const images: Snapshot["images"] = {};
  const files: Snapshot["files"] = {};
  const messages = source.messages.map((m): SnapshotMessage => {
    // a picture of the sharer's goes through the share; a link to anything else of ours is left as it was (it
    // shows nothing to a visitor: the media API serves its owner only)
    const text = m.message.replace(IMAGE_LINK, (link, id: string) => {
      const found = source.images.get(id);
      if (!found) return link;
      images[id] = found;
      return `${base}/images/${id}`;
    });
    const citations = (m.citations ?? []).flatMap((c): Citation[] => {
      const parsed = v.safeParse(CitationSchema, c);
      return parsed.success && /^https?:\/\//i.test(parsed.output.url) ? [parsed.output] : [];
    });
    const attachments = (m.attachments ?? []).map((a) => {
      const image = a.group === "image";
      if (image) files[a.id] = { key: source.uploadKey(a.id), type: a.type };
      return {
        id: a.id,
        name: a.name,
        type: a.type,
        group: a.group,
        size: a.size,
        url: image ? `${base}/files/${a.id}` : null,
      };
    });
    return {
      id: m.messageId,
      sender: m.sender,
      text,
      model: m.model,
      created_at: m.createdAt,
      citations,
      attachments,
      stopped: m.stopped,
      is_image: m.isImageMode,
    };
  });
  return { version: 1, chat_id: source.chatId, title: source.title, created_at: now, messages, images, files };
}

/** A snapshot read back from R2; null when it is not one (a damaged or foreign object is shown as missing). */
export function parseSnapshot(json: string): Snapshot | null {
  try {
    const parsed = v.safeParse(SnapshotSchema, JSON.parse(json));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** A text with the share's picture links replaced through `to` (kind: "images" or "files", and the id). */
export function replaceSharedLinks(text: string, to: (kind: "images" | "files", id: string) => string | null): string {
  return text.replace(SHARED_LINK, (link, kind: "images" | "files", id: string) => to(kind, id) ?? link);
}
