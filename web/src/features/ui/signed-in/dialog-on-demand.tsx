// The Dialog for screens that open it only on a click (forgot password, rename): same props and markup as ./dialog,
// but its code loads the first time it opens, so the page that shows the button does not carry it (~0.7 kB gzip).
// Once loaded it stays mounted, so closing and reopening behave exactly as the plain Dialog.
import { Suspense, lazy, useState } from "react";
import type { DialogProps } from "../dialog";
import "../ui.css";

const LoadedDialog = lazy(() => import("../dialog").then((m) => ({ default: m.Dialog })));

export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used || props.open ? (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  ) : null;
}
