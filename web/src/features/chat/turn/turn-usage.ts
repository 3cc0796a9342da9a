// What an answer's usage headers (worker/protocol/usage.ts: the uses of its quota left today, and their warning
// level) change, the same for every kind of turn: today's count in the catalogue, the warning banner (a level other
// than none shows it; otherwise a warning already showing for this quota keeps counting down instead of going stale),
// and, when no use is left, the quota is closed for the day — a model is left for another one (saying so), image
// generation is disabled. Web searches have their own used-up notice (search-quota-notice.tsx).
import { quotaDay } from "../../../../../worker/protocol/rules";
import type { Usage } from "../../../../../worker/protocol/usage";
import { imageDisabledAtom } from "../../images/image-quota.atoms";
import { shouldDisable } from "../../models/availability";
import { switchFromUsedUp } from "../../models/on-demand/model-switch";
import { usageWarningAtom } from "../../models/models.atoms";
import { modelKeys } from "../../models/models.queries";
import type { Model, ModelsResponse } from "../../models/models.schemas";
import type { ChatDeps } from "../chat-actions";

/** The daily quota a turn used: a model's uses (with the catalogue it was picked from), web searches, or images. */
export type Quota = { kind: "model"; model: Model; catalogue: ModelsResponse } | { kind: "search" } | { kind: "image" };

/** The catalogue with the quota's uses left today set to `remaining`. */
function withRemaining(catalogue: ModelsResponse, quota: Quota, remaining: number): ModelsResponse {
  switch (quota.kind) {
    case "model":
      return {
        ...catalogue,
        models: catalogue.models.map((m) => (m.endpoint === quota.model.endpoint ? { ...m, remaining } : m)),
      };
    case "search":
      return catalogue.search ? { ...catalogue, search: { ...catalogue.search, remaining } } : catalogue;
    case "image":
      return catalogue.image ? { ...catalogue, image: { ...catalogue.image, remaining } } : catalogue;
  }
}

/** Counts a use the worker reported (null: the answer took none, e.g. an external model on the user's own key). */
export function countUse(deps: ChatDeps, usage: Usage | null, quota: Quota): void {
  if (!usage) return;
  const { store, queryClient: qc, t } = deps;
  const { remaining, level } = usage;
  qc.setQueryData<ModelsResponse>(modelKeys.all, (old) => old && withRemaining(old, quota, remaining));
  // The warning names a model; searches and images have their own wording, by kind.
  const name = quota.kind === "model" ? quota.model.name : quota.kind === "search" ? t("conversation.webSearch") : "";
  const kind = quota.kind === "model" ? undefined : quota.kind;
  if (level !== "none") {
    store.set(usageWarningAtom, { level, remaining, model: name, day: quotaDay(), ...(kind ? { kind } : {}) });
  } else {
    store.set(usageWarningAtom, (w) => (w && w.model === name && w.kind === kind ? { ...w, remaining } : w));
  }
  if (!shouldDisable(remaining)) return;
  if (quota.kind === "model") switchFromUsedUp(store, quota.catalogue, quota.model);
  else if (quota.kind === "image") store.set(imageDisabledAtom, true);
}
