// The connected drives' files as the API answers them (GET /auth/connected-apps/:app/files), shared by the worker
// and the SPA's drive picker. Apart from settings.ts, which the chat screen's first load carries: only the picker needs
// these.
import * as v from "valibot";

/** The connected apps that hold files: the premium upload sources of the attachments menu. */
export const DRIVE_APPS = ["google-drive", "onedrive", "microsoft-365"] as const;
export const DriveAppSchema = v.picklist(DRIVE_APPS);
export type DriveAppId = v.InferOutput<typeof DriveAppSchema>;

/** A file in a connected drive, as GET /auth/connected-apps/:app/files lists it. */
export const DriveFileSchema = v.object({
  id: v.string(),
  name: v.string(),
  mime_type: v.string(),
  /** Bytes; null for a native Google document (its size is known only once exported). */
  size: v.nullable(v.number()),
  modified_at: v.nullable(v.string()),
});
export type DriveFile = v.InferOutput<typeof DriveFileSchema>;

/** GET /auth/connected-apps/:app/files → data: a page of files, newest first (or matching the name search). */
export const DriveFilesSchema = v.object({ files: v.array(DriveFileSchema), next_cursor: v.nullable(v.string()) });
