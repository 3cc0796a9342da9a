// Model choice and the client's model warnings, as UI state. The disabled list and the usage warning are stored with
// the quota day they were made on (Asia/Ho_Chi_Minh, as the server counts) and are empty on any other day:
// warnings and disabled models reset once per day (checked hourly by useDailyReset), and a reload keeps them. Stored
// items go at logout, so they are the signed-in user's.
import { atom, type SetStateAction } from "jotai";
import * as v from "valibot";
import { quotaDay, type WarningLevel } from "../../../../worker/protocol/rules";
import { persistedAtom } from "../../lib/persisted-atom";
import { STORAGE_KEYS } from "../../lib/storage";

/** The endpoint the user picked; null until they pick (the catalogue's default is used). */
export const selectedModelAtom = persistedAtom<string | null>(STORAGE_KEYS.selectedModel, null, {
  parse: (raw) => raw || undefined,
  serialize: (value) => value,
});

const DisabledSchema = v.object({ day: v.string(), endpoints: v.array(v.string()) });
type Disabled = v.InferOutput<typeof DisabledSchema>;

const storedDisabledAtom = persistedAtom<Disabled>(
  STORAGE_KEYS.disabledModels,
  { day: "", endpoints: [] },
  {
    parse: (raw) => {
      try {
        const parsed = v.safeParse(DisabledSchema, JSON.parse(raw));
        return parsed.success ? parsed.output : undefined;
      } catch {
        return undefined;
      }
    },
    serialize: (value) => JSON.stringify(value),
  },
);

/** Today's quota day (Asia/Ho_Chi_Minh, as the server counts uses); moved on by useDailyReset. */
export const todayAtom = atom<string>(quotaDay());

export const disabledModelsAtom = atom(
  (get) => {
    const stored = get(storedDisabledAtom);
    return stored.day === get(todayAtom) ? stored.endpoints : [];
  },
  (get, set, endpoint: string) => {
    const current = get(disabledModelsAtom);
    if (current.includes(endpoint)) return;
    set(storedDisabledAtom, { day: get(todayAtom), endpoints: [...current, endpoint] });
  },
);

export interface UsageWarningState {
  level: WarningLevel;
  remaining: number;
  /** Model name as shown to the user. */
  model: string;
  day: string;
  /** Web searches and image generations have their own wording; absent means a model's uses. */
  kind?: "search" | "image";
  /** The model ran out and another answers now: its name, or null when no model is left today. */
  switchedTo?: string | null;
}

const UsageWarningSchema = v.object({
  level: v.picklist(["zero_remaining", "critical", "warning", "notice", "none"]),
  remaining: v.number(),
  model: v.string(),
  day: v.string(),
  kind: v.optional(v.picklist(["search", "image"])),
  switchedTo: v.optional(v.nullable(v.string())),
});

const storedWarningAtom = persistedAtom<UsageWarningState | null>(STORAGE_KEYS.usageWarning, null, {
  parse: (raw) => {
    try {
      const parsed = v.safeParse(UsageWarningSchema, JSON.parse(raw));
      return parsed.success ? parsed.output : undefined;
    } catch {
      return undefined;
    }
  },
  serialize: (value) => (value ? JSON.stringify(value) : null),
});

const currentWarningAtom = atom((get): UsageWarningState | null => {
  const warning = get(storedWarningAtom);
  return warning && warning.day === get(todayAtom) ? warning : null;
});

/** The latest usage warning, shown as a banner above the input until dismissed or the quota day turns. */
export const usageWarningAtom = atom(
  (get) => get(currentWarningAtom),
  (get, set, next: SetStateAction<UsageWarningState | null>) =>
    set(storedWarningAtom, typeof next === "function" ? next(get(currentWarningAtom)) : next),
);

/** The offline-model notice was closed in this tab (the model switcher and answers still say "offline"). */
export const offlineNoticeDismissedAtom = atom(false);
