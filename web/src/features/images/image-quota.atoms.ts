// The image quota's disabled flag, kept with the day it was set so it clears when the day turns (the spec keeps
// separate disabled flags for search and image, reset daily).
import { quotaDay } from "../../../../worker/protocol/rules";
import { atom } from "jotai";
import { persistedAtom } from "../../lib/persisted-atom";
import { STORAGE_KEYS } from "../../lib/storage";
import { todayAtom } from "../models/models.atoms";

/** The day image generation was found used up ("" when it is not). */
const imageDisabledDayAtom = persistedAtom<string>(STORAGE_KEYS.imageDisabled, "", {
  parse: (raw) => raw,
  serialize: (value) => value || null,
});

export const imageDisabledAtom = atom(
  (get) => get(imageDisabledDayAtom) === get(todayAtom),
  (_get, set, disabled: boolean) => set(imageDisabledDayAtom, disabled ? quotaDay() : ""),
);
