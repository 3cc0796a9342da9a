// Taking files into the composer (picked, pasted or dropped), in the spec's order: the current model must read files
// (else an error), each file's extension must be one the model accepts, then the limits (10 files, 5 MB each, 20 MB
// together with compressed photos counting 30%) with their alert texts; on any refusal nothing is added. Oversize
// photos are then compressed with the preset of the screen size, showing progress on their chip.
import { getDefaultStore } from "jotai";
import { queryClient } from "../../lib/query-client";
import { newId } from "../../lib/ids";
import { pickModel } from "../models/availability";
import { disabledModelsAtom, selectedModelAtom } from "../models/models.atoms";
import { modelKeys } from "../models/models.queries";
import type { Model, ModelsResponse } from "../models/models.schemas";
import { toast } from "../toast/toast.atoms";
import { mediaT } from "../images/media-i18n";
import { acceptedExtensions, canAttach, extensionOf, isAccepted } from "./accepted-types";
import { type PendingFile, attachmentsAtom } from "./attachments.atoms";
import { compressImage, needsCompression, presetFor } from "./compression";
import { checkLimits } from "./limits";

type Store = ReturnType<typeof getDefaultStore>;

/** The model the next question goes to, from the loaded catalogue (null when it is not loaded). */
export function currentModel(store: Store = getDefaultStore()): Model | null {
  const data = queryClient.getQueryData<ModelsResponse>(modelKeys.all);
  if (!data) return null;
  return pickModel(data.models, store.get(selectedModelAtom), store.get(disabledModelsAtom), data.default);
}

function viewportWidth(): number {
  return typeof window === "undefined" ? 1280 : window.innerWidth;
}

/** Adds `files` when every rule holds; resolves with whether they were added. */
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
    const key = extensionOf(refused.name) && extensions.length > 0 ? "attachments.errors.typeUnsupported" : "attachments.errors.modelUnsupported";
    toast.error(mt(key, { name: refused.name, model: model?.name ?? "" }), { key: "attach-error" });
    return false;
  }
  const preset = presetFor(viewportWidth());
  const attached = store.get(attachmentsAtom);
  const sized = (f: PendingFile) => ({ name: f.file.name, size: f.originalSize, compressed: f.compressed });
  const candidates = incoming.map((file) => ({ name: file.name, size: file.size, compressed: needsCompression(file, preset) }));
  const problem = checkLimits(attached.map(sized), candidates);
  if (problem) {
    const text =
      problem.code === "tooMany"
        ? mt("attachments.errors.tooMany")
        : problem.code === "tooLarge"
          ? mt("attachments.errors.tooLarge", { name: problem.name })
          : mt("attachments.errors.totalTooLarge");
    toast.error(text, { key: "attach-error" });
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
  for (const item of added.filter((f) => f.compressed)) {
    const smaller = await compressImage(item.file, preset, (progress) => update(item.key, { progress }));
    if (store.get(attachmentsAtom).some((f) => f.key === item.key)) update(item.key, { file: smaller, status: "ready", progress: 100 });
  }
  return true;
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
