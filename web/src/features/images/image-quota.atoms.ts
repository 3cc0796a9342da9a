// The image quota's disabled flag, kept with the day it was set so it clears when the day turns (search and
// images have separate disabled flags, each reset daily).
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
