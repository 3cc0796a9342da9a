// The plans' prices for the landing page, from the worker's public GET /payments/packages (the same answer and schema
// the upgrade page reads; the prices are never written in the SPA). A plain fetch in an effect rather than React
// Query: a guest's page would otherwise load the query library (~10 kB gzip) for this one call. The pre-rendered
// landing page passes the list it was built with as `initial` (no request there: no effect runs in a pre-render).
import { useEffect, useState } from "react";
import { fetchPackages } from "../plans/prices/fetch-packages";
import type { Packages } from "../plans/prices/pricing";

export type PackagesState = { status: "loading" } | { status: "ready"; data: Packages } | { status: "error" };

export function usePackages(initial?: Packages): PackagesState {
  const [state, setState] = useState<PackagesState>(
    initial ? { status: "ready", data: initial } : { status: "loading" },
  );
  useEffect(() => {
    const abort = new AbortController();
    fetchPackages(abort.signal).then(
      (data) => setState({ status: "ready", data }),
      () => {
        // A list known beforehand stays shown when the refresh fails.
        if (!abort.signal.aborted && !initial) setState({ status: "error" });
      },
    );
    return () => abort.abort();
  }, [initial]);
  return state;
}
