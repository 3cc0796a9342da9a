// The name a model is shown by. Catalogue names are brand names and stay as the worker gives them, except the external
// models' (a user's own key) whose names carry words to translate, "Gemini (formerly Bard)": those come from the
// locale files by provider (modelInfo.externalNames), the worker's English name when a provider has none.
import type { TFunction } from "i18next";

const EXTERNAL_PREFIX = "ext-";

/** The shown name of the external model of `provider` (its settings row, its switcher entry); `t` of the main texts. */
export function externalModelName(t: TFunction, provider: string, fallback: string): string {
  return t(`modelInfo.externalNames.${provider}`, { defaultValue: fallback });
}

/** The shown name of a catalogue model: an external one ("ext-<provider>") by its translated name; `t` of the main texts. */
export function modelName(t: TFunction, model: { endpoint: string; name: string }): string {
  return model.endpoint.startsWith(EXTERNAL_PREFIX) ? externalModelName(t, model.endpoint.slice(EXTERNAL_PREFIX.length), model.name) : model.name;
}

/** Whether the catalogue model is an external one, whose descriptions are modelInfo.external's. */
export const isExternalEndpoint = (endpoint: string) => endpoint.startsWith(EXTERNAL_PREFIX);
