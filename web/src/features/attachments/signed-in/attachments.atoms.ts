// The files attached to the next question, as UI state: each is compressed (oversize photos), then ready, then
// uploaded when the question is sent. Kept tiny: the composer reads it on every render.
import { atom } from "jotai";
import type { AttachmentRef } from "../../../../../worker/protocol/resources";

export interface PendingFile {
  /** Local key (stable across compression and upload). */
  key: string;
  /** What will be uploaded: the original, or its compressed version. */
  file: File;
  /** Bytes of the file as picked, before any compression. */
  originalSize: number;
  isImage: boolean;
  /** An oversize photo being or having been compressed (counts 30% toward the 20 MB total). */
  compressed: boolean;
  status: "compressing" | "ready" | "uploading" | "uploaded" | "failed";
  /** Progress of the current step (compressing or uploading), 0–100. */
  progress: number;
  /** The upload, once the worker has it. */
  ref: AttachmentRef | null;
  /** An object URL for an image's thumbnail. */
  previewUrl: string | null;
}

export const attachmentsAtom = atom<PendingFile[]>([]);

/** The cloud drive whose files are being picked (the upload menu's premium sources), or null. */
export type DriveSource = "googleDrive" | "oneDrive";
export const drivePickerAtom = atom<DriveSource | null>(null);
