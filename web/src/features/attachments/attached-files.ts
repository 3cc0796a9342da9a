// The files a question carries, as the send takes them (chat/turn/send-message.ts): the files go up first (one upload call,
// its progress on the chips), then the question goes with their ids (attachment_ids), and the tray empties once the
// question is on its way. A refused question (403: the model is used up) gets the uploaded files back in the tray for
// the next try. Loaded with the first question that has files.
import type { TFunction } from "i18next";
import type { getDefaultStore } from "jotai";
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import { errorMessage } from "../../lib/error-message";
import { mediaT } from "../images/media-i18n";
import { toast } from "../toast/toast.atoms";
import { acceptedExtensions, canAttach, isAccepted } from "./accepted-types";
import { currentModel } from "./add-files";
import { type PendingFile, attachmentsAtom } from "./signed-in/attachments.atoms";
import { uploadFiles } from "./upload";

type Store = ReturnType<typeof getDefaultStore>;

/** The uploaded files of a question on its way, taken out of the tray. */
export interface TakenFiles {
  refs: AttachmentRef[];
  /** The question was sent: the files' previews are let go. */
  sent: () => void;
  /** The question was refused before anything was saved: the files go back to the tray (unless new ones came). */
  refused: () => void;
}

/**
 * Uploads the tray's files that are not up yet and takes them all out of the tray, or says why the question cannot go
 * (files still being prepared, one the current model cannot read, a failed upload) and returns null.
 */
export async function takeAttachedFiles(store: Store, t: TFunction): Promise<TakenFiles | null> {
  const files = store.get(attachmentsAtom);
  const mt = await mediaT();
  if (files.some((f) => f.status === "compressing" || f.status === "uploading")) {
    toast.info(mt("attachments.stillPreparing"), { key: "attach-error" });
    return null;
  }
  // The model may have changed since the files were picked.
  const model = currentModel(store);
  const extensions = acceptedExtensions(model);
  const unreadable = files.find((f) => !isAccepted(f.file.name, extensions));
  if (!canAttach(model) || unreadable) {
    const key = canAttach(model) ? "attachments.errors.typeUnsupported" : "attachments.errors.modelUnsupported";
    toast.error(mt(key, { name: unreadable?.file.name ?? "", model: model?.name ?? "" }), { key: "attach-error" });
    return null;
  }

  const pending = files.filter((f) => !f.ref);
  if (pending.length > 0) {
    const keys = new Set(pending.map((f) => f.key));
    const update = (fn: (f: PendingFile) => PendingFile) =>
      store.set(attachmentsAtom, (list) => list.map((f) => (keys.has(f.key) ? fn(f) : f)));
    update((f) => ({ ...f, status: "uploading", progress: 0 }));
    try {
      const uploaded = await uploadFiles(
        pending.map((f) => f.file),
        (fraction) => update((f) => ({ ...f, progress: Math.round(fraction * 100) })),
      );
      const byKey = new Map(pending.map((f, i) => [f.key, uploaded[i]] as const));
      update((f) => {
        const stored = byKey.get(f.key);
        return stored
          ? {
              ...f,
              status: "uploaded",
              progress: 100,
              ref: {
                id: stored.id,
                name: stored.name,
                type: stored.type,
                group: stored.group,
                size: stored.size,
                url: stored.url,
              },
            }
          : { ...f, status: "failed" };
      });
    } catch (err) {
      update((f) => ({ ...f, status: "ready", progress: 0 }));
      toast.error(`${mt("attachments.uploadFailed")} ${errorMessage(t, err)}`, { key: "attach-error" });
      return null;
    }
  }
  const ready = store.get(attachmentsAtom);
  const refs = ready.flatMap((f) => (f.ref ? [f.ref] : []));
  if (refs.length !== ready.length) return null;
  // The question carries its files from here on (its message shows them): the tray empties at once.
  store.set(attachmentsAtom, []);
  return {
    refs,
    sent: () => {
      for (const f of ready) if (f.previewUrl) URL.revokeObjectURL(f.previewUrl);
    },
    refused: () => {
      if (store.get(attachmentsAtom).length === 0) store.set(attachmentsAtom, ready);
      else for (const f of ready) if (f.previewUrl) URL.revokeObjectURL(f.previewUrl);
    },
  };
}
