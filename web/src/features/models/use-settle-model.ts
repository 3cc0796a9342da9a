// Watches the model the user means (their pick, else the default) against the catalogue and today's disabled list:
// when its uses are found spent (the catalogue says so on opening the app, after a refetch, or another device used
// them) or the plan no longer includes it, the next usable model takes over and the user is told which
// (model-switch.ts, loaded then). Each model is announced once a day per page, so closing the banner is not undone
// by a refetch.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue, useStore } from "jotai";
import { useEffect, useRef } from "react";
import { quotaDay } from "../../../../worker/protocol/rules";
import { unusableWanted } from "./availability";
import { disabledModelsAtom, selectedModelAtom } from "./models.atoms";
import { modelsQuery } from "./models.queries";

export function useSettleModel(): void {
  const store = useStore();
  const { data } = useQuery(modelsQuery());
  const selected = useAtomValue(selectedModelAtom);
  const disabled = useAtomValue(disabledModelsAtom);
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!data) return;
    const unusable = unusableWanted(data, selected, disabled);
    if (!unusable) return;
    const key = `${quotaDay()}:${unusable.model.endpoint}`;
    if (announced.current.has(key)) return;
    announced.current.add(key);
    // the switch and its texts load when a model runs out, not with every signed-in page
    void import("./on-demand/model-switch").then((m) => m.settleWantedModel(store, data));
  }, [data, selected, disabled, store]);
}
