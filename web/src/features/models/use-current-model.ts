// The model that will answer the next question, from the catalogue, the user's pick and today's disabled list.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { pickModel } from "./availability";
import { disabledModelsAtom, selectedModelAtom } from "./models.atoms";
import { modelsQuery } from "./models.queries";

export function useCurrentModel() {
  const query = useQuery(modelsQuery());
  const selected = useAtomValue(selectedModelAtom);
  const disabled = useAtomValue(disabledModelsAtom);
  const data = query.data;
  const model = data ? pickModel(data.models, selected, disabled, data.default) : null;
  return { model, data, disabled, query };
}
