// Which model answers next. A model is usable when the plan allows it, uses remain today and the client has not
// disabled it (a model is disabled at 1 or fewer uses left, or after a 403 for it, until the day turns).
import type { Model, ModelsResponse } from "./models.schemas";

/**
 * A model is disabled at 1 or fewer uses left, counted as the uses left when the user sends: the send made with 1 use
 * left is the last one, and once the server reports this many remaining (0) after a send, the model (or search, or
 * images) is disabled for the rest of the quota day. Counted after a send instead, the rule would make the last daily
 * use unreachable (a free plan's 3 images would give 2).
 */
export const DISABLE_AT_REMAINING = 0;

/** Whether the uses left after a send (X-Remaining-Usage) end the model's day. */
export function shouldDisable(remainingAfterSend: number): boolean {
  return remainingAfterSend <= DISABLE_AT_REMAINING;
}

/** An external model answers with the user's own key, so no daily uses limit it. */
export function isUsable(model: Model, disabled: readonly string[]): boolean {
  return model.allowed && (model.external || model.remaining > 0) && !disabled.includes(model.endpoint);
}

/** The preferred model if usable, else the default, else the first usable one, else null (all used up). */
export function pickModel(
  models: readonly Model[],
  preferred: string | null,
  disabled: readonly string[],
  defaultEndpoint: string,
): Model | null {
  const usable = models.filter((m) => isUsable(m, disabled));
  return (
    usable.find((m) => m.endpoint === preferred) ??
    usable.find((m) => m.endpoint === defaultEndpoint) ??
    usable[0] ??
    null
  );
}

/**
 * The model the user means (their pick, else the catalogue's default) when it can no longer answer, with the reason:
 * its uses are spent (or the client disabled it), or the plan does not include it. Null when it can answer, or when
 * the catalogue no longer lists it (nothing to say about a model that is gone).
 */
export function unusableWanted(
  catalogue: ModelsResponse,
  selected: string | null,
  disabled: readonly string[],
): { model: Model; reason: "usedUp" | "locked" } | null {
  const wanted = catalogue.models.find((m) => m.endpoint === (selected ?? catalogue.default));
  if (!wanted || isUsable(wanted, disabled)) return null;
  return { model: wanted, reason: wanted.allowed ? "usedUp" : "locked" };
}
