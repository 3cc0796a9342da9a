// Sending a question with attachments: the files go up first (one upload call, its progress on the chips), then the
// question is sent with their ids (attachment_ids), and the tray empties once the question is on its way. A refused
// question (403: the model is used up) keeps the uploaded files attached for the next try.
import type { TFunction } from "i18next";
import { getDefaultStore } from "jotai";
import type { AttachmentRef } from "../../../../worker/protocol/resources";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { mediaT } from "../images/media-i18n";
import { acceptedExtensions, canAttach, isAccepted } from "./accepted-types";
import { currentModel } from "./add-files";
import { type PendingFile, attachmentsAtom } from "./attachments.atoms";
import { uploadFiles } from "./upload";

export type SendChat = (text: string, chatId: string | null, attachments?: AttachmentRef[]) => Promise<boolean>;

export async function sendWithFiles(input: {
  text: string;
  chatId: string | null;
  t: TFunction;
  send: SendChat;
}): Promise<boolean> {
  const store = getDefaultStore();
  const files = store.get(attachmentsAtom);
  if (!input.text.trim()) return false;
  if (files.length === 0) return input.send(input.text, input.chatId);
  const mt = await mediaT();
  if (files.some((f) => f.status === "compressing" || f.status === "uploading")) {
    toast.info(mt("attachments.stillPreparing"), { key: "attach-error" });
    return false;
  }
  // The model may have changed since the files were picked.
  const model = currentModel(store);
  const extensions = acceptedExtensions(model);
  const unreadable = files.find((f) => !isAccepted(f.file.name, extensions));
  if (!canAttach(model) || unreadable) {
    const key = canAttach(model) ? "attachments.errors.typeUnsupported" : "attachments.errors.modelUnsupported";
    toast.error(mt(key, { name: unreadable?.file.name ?? "", model: model?.name ?? "" }), { key: "attach-error" });
    return false;
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
      toast.error(`${mt("attachments.uploadFailed")} ${errorMessage(input.t, err)}`, { key: "attach-error" });
      return false;
    }
  }
  const ready = store.get(attachmentsAtom);
  const refs = ready.flatMap((f) => (f.ref ? [f.ref] : []));
  if (refs.length !== ready.length) return false;
  // The question carries its files from here on (its message shows them): the tray empties at once, and gets them
  // back if the question is refused before anything was saved (e.g. the model is used up).
  store.set(attachmentsAtom, []);
  const ok = await input.send(input.text, input.chatId, refs);
  if (!ok && store.get(attachmentsAtom).length === 0) store.set(attachmentsAtom, ready);
  else for (const f of ready) if (f.previewUrl) URL.revokeObjectURL(f.previewUrl);
  return ok;
}
