// The model catalogue as server state; refreshed after every answer so the remaining uses stay true.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ModelsResponseSchema } from "./models.schemas";

export const modelKeys = { all: ["models"] as const };

export const modelsQuery = () =>
  queryOptions({
    queryKey: modelKeys.all,
    queryFn: () => api("/api/models", ModelsResponseSchema),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
