// The package list with its display prices (GET /payments/packages, public), asked for in one place for the two pages
// that show prices: the guest landing page and the upgrade page. It loads with the price logic, not with the plans
// screens, so the landing page fetches neither those screens nor React Query for it.
import { type PackagesBody, PackagesBodySchema } from "../../../../../worker/protocol/packages";
import { apiBody } from "../../../lib/api";

export async function fetchPackages(signal?: AbortSignal): Promise<PackagesBody["data"]> {
  return (await apiBody("/payments/packages", PackagesBodySchema, { signal })).data;
}
