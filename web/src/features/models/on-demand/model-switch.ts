// Moving the user off a model that cannot answer any more, and saying so. A model runs out when a send leaves it no
// use, when the worker refuses it (403), or when the catalogue shows today's uses already spent (on another device,
// or before this page was opened): the next model is chosen as pickModel does (the default, else the first usable
// one), becomes the user's pick, and the usage banner names both, for every plan alike: Advanced+ is told when the
// model comes back, free and Basic what a bigger plan gives; with no model left it says so. A model the plan no longer
// includes (premium ended) is left the same way, with a toast saying why. Nothing switches without a word.
import i18next from "i18next";
import type { getDefaultStore } from "jotai";
import { quotaDay } from "../../../../../worker/protocol/rules";
import { toast } from "../../toast/toast.atoms";
import { pickModel, unusableWanted } from "../availability";
import { disabledModelsAtom, selectedModelAtom, usageWarningAtom } from "../models.atoms";
import type { Model, ModelsResponse } from "../models.schemas";

type Store = ReturnType<typeof getDefaultStore>;

/** How long the toast for a model the plan no longer includes stays up, in milliseconds (longer than a toast's 5 s). */
const PREMIUM_SWITCH_TOAST_MS = 8_000;

/** Whether `from` is the model the user means: their pick, else the catalogue's default. */
function isWanted(store: Store, catalogue: ModelsResponse, from: Model): boolean {
  return (store.get(selectedModelAtom) ?? catalogue.default) === from.endpoint;
}

/** The model that answers instead of `from`: the default, else the first usable one, else null. */
function nextModel(store: Store, catalogue: ModelsResponse, from: Model): Model | null {
  const others = catalogue.models.filter((m) => m.endpoint !== from.endpoint);
  return pickModel(others, null, store.get(disabledModelsAtom), catalogue.default);
}

/**
 * `from` has no use left today: it joins the disabled list, the next usable model becomes the pick, and the banner
 * says that `from` ran out and names the model now answering (or that none is left). Returns that model.
 */
export function switchFromUsedUp(store: Store, catalogue: ModelsResponse, from: Model): Model | null {
  store.set(disabledModelsAtom, from.endpoint);
  const next = isWanted(store, catalogue, from) ? nextModel(store, catalogue, from) : undefined;
  if (next) store.set(selectedModelAtom, next.endpoint);
  // a model asked for once (an answer regenerated with it) runs out without moving the user's own pick
  const switched = next === undefined ? {} : { switchedTo: next?.name ?? null };
  store.set(usageWarningAtom, {
    level: "zero_remaining",
    remaining: 0,
    model: from.name,
    day: quotaDay(),
    ...switched,
  });
  return next ?? null;
}

/** `from` is not in the user's plan (any more): the next usable model becomes the pick, with a toast saying why. */
export function switchFromLocked(store: Store, catalogue: ModelsResponse, from: Model): Model | null {
  const next = nextModel(store, catalogue, from);
  if (next && isWanted(store, catalogue, from)) store.set(selectedModelAtom, next.endpoint);
  const reason = i18next.t("models.premiumOnly", { model: from.name });
  if (next)
    toast.warning(`${reason} ${i18next.t("models.switchedTo", { model: next.name })}`, {
      key: "model-switch",
      duration: PREMIUM_SWITCH_TOAST_MS,
    });
  else toast.error(`${reason} ${i18next.t("models.allExhausted")}`, { key: "model-switch" });
  return next;
}

/** Switches away from the model the user means when it can no longer answer, saying so. False when it still can. */
export function settleWantedModel(store: Store, catalogue: ModelsResponse): boolean {
  const unusable = unusableWanted(catalogue, store.get(selectedModelAtom), store.get(disabledModelsAtom));
  if (!unusable) return false;
  if (unusable.reason === "usedUp") switchFromUsedUp(store, catalogue, unusable.model);
  else switchFromLocked(store, catalogue, unusable.model);
  return true;
}
