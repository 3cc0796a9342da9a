// Opens the share dialog for a chat, in a React root of its own. The menus that offer it (the header's export menu,
// the sidebar's "More" on phones) unmount as soon as an item is picked, so the dialog cannot live in them, and a host
// in the signed-in shell would put its code on every chat page, which has no bytes to spare: this module loads on the
// first "Share link…" click, and its root shares the app's query cache (the list in Settings) and jotai store (toasts).
import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { type Root, createRoot } from "react-dom/client";
import { queryClient } from "../../../lib/signed-in/query-client";
import { ShareDialog } from "./share-dialog";

let root: Root | null = null;
/** Each opening is a fresh dialog (no link left over from the last chat shared). */
let opened = 0;

function close() {
  removeEventListener("popstate", close);
  root?.render(null);
}

export function openShareDialog(chatId: string): void {
  root ??= createRoot(document.body.appendChild(document.createElement("div")));
  // the dialog is about the open chat: going back or forward to another screen closes it
  addEventListener("popstate", close);
  root.render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <ShareDialog key={++opened} chatId={chatId} onClose={close} />
      </Suspense>
    </QueryClientProvider>,
  );
}
