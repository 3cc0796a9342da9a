// The model menu's one-line descriptions of each model live in their own i18next namespace
// (locales/model-info/<lng>.json), fetched with the menu's code, so the chat screen's first load carries none of them.
// Importing this module registers the namespace's loader and starts loading the current language's file, so it is
// usually there by the time the menu draws.
import i18next from "i18next";
import { namespaceLoaders } from "../../../lib/i18n";

export const MODEL_INFO_NS = "model-info";

namespaceLoaders.set(MODEL_INFO_NS, (lng) => import(`../../../../../locales/model-info/${lng}.json`));

void i18next.loadNamespaces(MODEL_INFO_NS);
