// Notices above the input: the offline-model notice (no AI provider configured, so the built-in offline model
// answers) and the latest usage warning for the current model.
import { useAtomValue } from "jotai";
import { Suspense, lazy } from "react";
import { usageWarningAtom } from "./models.atoms";

// the offline-model notice lives in its own module (one line on phones, details on tap)
export { OfflineNotice } from "./offline-notice";

/** The banner's code (with its search texts and the prompt guide) loads when a warning first shows. */
const UsageBannerBody = lazy(() => import("../quota-guide/usage-banner").then((m) => ({ default: m.UsageBanner })));

export function UsageBanner() {
  return useAtomValue(usageWarningAtom) ? (
    <Suspense fallback={null}>
      <UsageBannerBody />
    </Suspense>
  ) : null;
}
