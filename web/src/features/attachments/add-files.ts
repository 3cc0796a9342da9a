// Taking files into the composer (picked, pasted or dropped): the current model must read files (else an error), each
// file's extension must be one the model accepts, then the limits (10 files, 20 MB together with compressed photos
// counting 30%, 5 MB for each file that is not a photo to compress) with their alert texts; on any of these refusals
// nothing is added. Oversize photos are then compressed with the preset of the screen size, showing progress on their
// chip, and only then held to 5 MB: a phone's 7.5 MB photo is attached at a few hundred KB, and a photo the browser
// could not shrink below 5 MB is taken off with the size alert.
import { getDefaultStore } from "jotai";
import { queryClient } from "../../lib/signed-in/query-client";
import { newId } from "../../lib/signed-in/ids";
import { pickModel } from "../models/availability";
import { disabledModelsAtom, selectedModelAtom } from "../models/models.atoms";
import { modelKeys } from "../models/models.queries";
import type { Model, ModelsResponse } from "../models/models.schemas";
import { toast } from "../toast/toast.atoms";
import { mediaT } from "../images/media-i18n";
import { acceptedExtensions, canAttach, extensionOf, isAccepted } from "./accepted-types";
import { type PendingFile, attachmentsAtom } from "./signed-in/attachments.atoms";
import { compressImage, needsCompression, presetFor } from "./compression";
import { type LimitError, checkCompressed, checkLimits } from "./limits";

type Store = ReturnType<typeof getDefaultStore>;

/** The model the next question goes to, from the loaded catalogue (null when it is not loaded). */
export function currentModel(store: Store = getDefaultStore()): Model | null {
  const data = queryClient.getQueryData<ModelsResponse>(modelKeys.all);
  if (!data) return null;
  return pickModel(data.models, store.get(selectedModelAtom), store.get(disabledModelsAtom), data.default);
}

/** The alert for a broken limit, in the user's language. */
function limitText(mt: Awaited<ReturnType<typeof mediaT>>, problem: LimitError): string {
  if (problem.code === "tooMany") return mt("attachments.errors.tooMany");
  if (problem.code === "tooLarge") return mt("attachments.errors.tooLarge", { name: problem.name });
  return mt("attachments.errors.totalTooLarge");
}

function viewportWidth(): number {
  return typeof window === "undefined" ? 1280 : window.innerWidth;
}

/** Adds `files` when every rule holds; resolves with whether they were all added and kept. */
export async function addFiles(incoming: readonly File[], store: Store = getDefaultStore()): Promise<boolean> {
  if (incoming.length === 0) return false;
  const mt = await mediaT();
  const model = currentModel(store);
  if (!canAttach(model)) {
    toast.error(mt("attachments.errors.modelUnsupported", { model: model?.name ?? "" }), { key: "attach-error" });
    return false;
  }
  const extensions = acceptedExtensions(model);
  const refused = incoming.find((f) => !isAccepted(f.name, extensions));
  if (refused) {
    const key =
      extensionOf(refused.name) && extensions.length > 0
        ? "attachments.errors.typeUnsupported"
        : "attachments.errors.modelUnsupported";
    toast.error(mt(key, { name: refused.name, model: model?.name ?? "" }), { key: "attach-error" });
    return false;
  }
  const preset = presetFor(viewportWidth());
  const attached = store.get(attachmentsAtom);
  const sized = (f: PendingFile) => ({ name: f.file.name, size: f.originalSize, compressed: f.compressed });
  const candidates = incoming.map((file) => ({
    name: file.name,
    size: file.size,
    compressed: needsCompression(file, preset),
  }));
  const problem = checkLimits(attached.map(sized), candidates);
  if (problem) {
    toast.error(limitText(mt, problem), { key: "attach-error" });
    return false;
  }

  const added: PendingFile[] = incoming.map((file, i) => {
    const isImage = file.type.startsWith("image/");
    const compressed = candidates[i]?.compressed ?? false;
    return {
      key: newId(),
      file,
      originalSize: file.size,
      isImage,
      compressed,
      status: compressed ? "compressing" : "ready",
      progress: 0,
      ref: null,
      previewUrl: isImage && typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null,
    };
  });
  store.set(attachmentsAtom, (list) => [...list, ...added]);

  const update = (key: string, patch: Partial<PendingFile>) =>
    store.set(attachmentsAtom, (list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  // One photo at a time: compressing runs on the page and several at once would stall it.
  let kept = true;
  for (const item of added.filter((f) => f.compressed)) {
    const smaller = await compressImage(item.file, preset, (progress) => update(item.key, { progress }));
    if (!store.get(attachmentsAtom).some((f) => f.key === item.key)) continue; // taken off while it was compressed
    const tooLarge = checkCompressed({ name: item.file.name, size: smaller.size });
    if (tooLarge) {
      kept = false;
      removeFile(item.key, store);
      toast.error(limitText(mt, tooLarge), { key: "attach-error" });
      continue;
    }
    update(item.key, { file: smaller, status: "ready", progress: 100 });
  }
  return kept;
}

/** Takes one file off the question. */
export function removeFile(key: string, store: Store = getDefaultStore()): void {
  const gone = store.get(attachmentsAtom).find((f) => f.key === key);
  if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
  store.set(attachmentsAtom, (list) => list.filter((f) => f.key !== key));
}

/** Clears the tray after a question took its files. */
export function clearFiles(store: Store = getDefaultStore()): void {
  for (const f of store.get(attachmentsAtom)) if (f.previewUrl) URL.revokeObjectURL(f.previewUrl);
  store.set(attachmentsAtom, []);
}
