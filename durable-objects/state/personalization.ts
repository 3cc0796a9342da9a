// What the user's settings add to every answer, kept with the user for every turn: the AI settings (custom
// instruction, AI style, search), the remembered facts and the own model keys (sealed; opened for one turn only).
import type { SealedModelKey } from "../../worker/db/model-keys";
import type { aiSettings } from "../../worker/db/schema";
import { type AiSettingsRecord, aiSettingsFromRow, DEFAULT_AI_SETTINGS } from "../../worker/db/settings";
import type { ObjectSql } from "./object-sql";

export interface Personalization {
  settings: AiSettingsRecord;
  memories: string[];
  modelKeys: SealedModelKey[];
}

export class PersonalizationState {
  private cache: Personalization | null = null;

  constructor(private readonly db: ObjectSql) {}

  get(): Personalization {
    if (!this.cache) {
      const raw = this.db.meta("personalization");
      // written by set below from D1 rows, never from outside
      const stored = raw ? (JSON.parse(raw) as Partial<Personalization>) : {};
      // Objects that kept a snapshot before model keys were part of it have none until the next settings change.
      this.cache = { settings: { ...DEFAULT_AI_SETTINGS }, memories: [], modelKeys: [], ...stored };
    }
    return this.cache;
  }

  set(settingsRow: typeof aiSettings.$inferSelect | undefined, memories: string[], modelKeys: SealedModelKey[]) {
    const value: Personalization = { settings: aiSettingsFromRow(settingsRow), memories, modelKeys };
    this.cache = value;
    this.db.setMeta("personalization", JSON.stringify(value));
  }

  /** Drops what is kept in memory (the rows are gone: the account is being deleted). */
  forget() {
    this.cache = null;
  }
}
