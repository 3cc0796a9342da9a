// Model choice and the client's model warnings, as UI state. The disabled list is stored with the day it was made
// on and is empty on any other day: the spec resets warnings and disabled models once per calendar day (checked
// hourly by useDailyReset).
import { atom } from "jotai";
import * as v from "valibot";
import type { WarningLevel } from "../../../../worker/protocol/rules";
import { persistedAtom } from "../../lib/persisted-atom";
import { STORAGE_KEYS } from "../../lib/storage";

export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

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

/** Today's local date; moved on by useDailyReset. */
export const todayAtom = atom<string>(localDay());

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
  /** Web searches have their own wording; absent means a model's (or images') uses. */
  kind?: "search";
}

/** The latest model usage warning, shown as a banner above the input until dismissed or the day turns. */
export const usageWarningAtom = atom<UsageWarningState | null>(null);

/** The offline-model notice was closed in this tab (the model switcher and answers still say "offline"). */
export const offlineNoticeDismissedAtom = atom(false);
