// Which model answers next. A model is usable when the plan allows it, uses remain today and the client has not
// disabled it (the spec disables a model at 1 or fewer uses left, or after a 403 for it, until the day turns).
import type { Model } from "./models.schemas";

/** At this many remaining uses or fewer, the model is disabled for the rest of the day. */
export const DISABLE_AT_REMAINING = 1;

export function shouldDisable(remaining: number): boolean {
  return remaining <= DISABLE_AT_REMAINING;
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
