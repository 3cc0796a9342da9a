// The app-wide hosts that only an event needs (the confirmation dialog, the forced-logout popup, the toasts) load
// their code on first use, so no page pays for them up front (~1.5 kB gzip with the dialog). Each wrapper watches the
// same atom its host reads and mounts the host once that atom is first set; from then on the host stays mounted,
// exactly as before. The toasts' live region is always in the page, so the first toast is announced like the others.
import { useAtomValue } from "jotai";
import { Suspense, lazy, useState } from "react";
import { forcedLogoutAtom } from "../socket/forced-logout.atoms";
import { toastsAtom } from "../toast/toast.atoms";
import { confirmAtom } from "./confirm.atoms";
import "../toast/toast.css";

const ConfirmHost = lazy(() => import("./confirm-host").then((m) => ({ default: m.ConfirmHost })));
const ForcedLogoutDialog = lazy(() =>
  import("../socket/forced-logout-dialog").then((m) => ({ default: m.ForcedLogoutDialog })),
);
const ToastItems = lazy(() => import("../toast/toaster").then((m) => ({ default: m.ToastItems })));

/** True from the first render where `active` is true on (a host, once loaded, is never unmounted). */
function useOnceTrue(active: boolean): boolean {
  const [seen, setSeen] = useState(active);
  if (active && !seen) setSeen(true);
  return seen || active;
}

export function ConfirmHostOnDemand() {
  const used = useOnceTrue(useAtomValue(confirmAtom) !== null);
  return used ? (
    <Suspense fallback={null}>
      <ConfirmHost />
    </Suspense>
  ) : null;
}

export function ForcedLogoutOnDemand() {
  const used = useOnceTrue(useAtomValue(forcedLogoutAtom) !== null);
  return used ? (
    <Suspense fallback={null}>
      <ForcedLogoutDialog />
    </Suspense>
  ) : null;
}

/** The toast stack's live region; its toasts render once there is one. */
export function ToasterOnDemand() {
  const items = useAtomValue(toastsAtom);
  return (
    <div className="toaster" aria-live="polite">
      {items.length ? (
        <Suspense fallback={null}>
          <ToastItems items={items} />
        </Suspense>
      ) : null}
    </div>
  );
}
