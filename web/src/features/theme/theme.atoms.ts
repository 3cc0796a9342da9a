// Theme as UI state. With follow-system on (the default) the OS preference decides and is tracked live; toggling
// or picking a theme by hand turns follow-system off. Both choices survive logout.
import { atom } from "jotai";
import { booleanCodec, persistedAtom, stringCodec } from "../../lib/persisted-atom";
import { STORAGE_KEYS } from "../../lib/storage";
import { type Theme, systemPrefersDark } from "./theme";

export const manualThemeAtom = persistedAtom<Theme>(
  STORAGE_KEYS.theme,
  () => (systemPrefersDark() ? "dark" : "light"),
  stringCodec(["light", "dark"] as const),
);
export const followSystemAtom = persistedAtom<boolean>(STORAGE_KEYS.themeFollowSystem, true, booleanCodec);
/** The OS preference, kept current by <ThemeSync>. */
export const systemDarkAtom = atom<boolean>(systemPrefersDark());

export const themeAtom = atom<Theme>((get) =>
  get(followSystemAtom) ? (get(systemDarkAtom) ? "dark" : "light") : get(manualThemeAtom),
);

export const toggleThemeAtom = atom(null, (get, set) => {
  set(manualThemeAtom, get(themeAtom) === "dark" ? "light" : "dark");
  set(followSystemAtom, false);
});

export const setThemeAtom = atom(null, (_get, set, theme: Theme) => {
  set(manualThemeAtom, theme);
  set(followSystemAtom, false);
});
