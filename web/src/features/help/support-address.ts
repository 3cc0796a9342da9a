// The address users write to for help — the operator's SUPPORT_EMAIL, from the public GET /api/config — for the
// contact links of the FAQ (the affiliate FAQ's "Contact support", the help page). Asked once a page load and kept;
// null while it loads, when the operator has not set one up, or when the answer failed: then no link shows.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AppConfigBodySchema } from "../../../../worker/protocol/app-config";
import { apiBody } from "../../lib/api";

export const appConfigQuery = () =>
  queryOptions({
    queryKey: ["app-config"],
    queryFn: async ({ signal }) => (await apiBody("/api/config", AppConfigBodySchema, { signal })).data,
    // the operator's configuration changes with a deploy, not while a page is open
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSupportEmail(): string | null {
  return useQuery(appConfigQuery()).data?.support_email ?? null;
}
