// An answer's sources load with the first answer that has any (most answers have none): ~0.4 kB gzip off the chat
// pages. The list shows once its code is in, a moment after the answer ends, which is also when it appears anyway.
import { Suspense, lazy } from "react";
import type { Citation } from "../../../../worker/protocol/chat-stream";

const LoadedCitations = lazy(() => import("./citations").then((m) => ({ default: m.Citations })));

export function Citations({ citations }: { citations: readonly Citation[] }) {
  return (
    <Suspense fallback={null}>
      <LoadedCitations citations={citations} />
    </Suspense>
  );
}
