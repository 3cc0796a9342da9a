// How this tab leaves an account it has just deleted. The worker signs every session out before it deletes anything,
// this tab's too, so the socket's "account deleted" popup would open here while the answer is still coming: it is held
// back (and shown after all if the deletion then fails, since the sessions are gone anyway). Once deleted, the tab
// forgets the user as logout does (storage but theme and language, the answer being read, the server state) and goes
// to '/', the guests' landing page, saying the account was deleted.
import type { QueryClient } from "@tanstack/react-query";
import { getDefaultStore } from "jotai";
import { clearStorageExceptPreferences } from "../../lib/storage";
import { abortActiveStream } from "../chat/active-stream";
import { type ForcedLogout, forcedLogoutAtom } from "../socket/forced-logout.atoms";
import { toast } from "../toast/toast.atoms";

type Store = ReturnType<typeof getDefaultStore>;

/**
 * Holds back the socket's account_deleted logout while the deletion runs. The returned release stops holding it and,
 * with `show`, opens the popup if one was held (the deletion failed, but the sessions had already been ended).
 */
export function holdDeletedLogout(store: Store = getDefaultStore()): (show: boolean) => void {
  let held: ForcedLogout | null = null;
  const stop = store.sub(forcedLogoutAtom, () => {
    const pushed = store.get(forcedLogoutAtom);
    if (pushed?.reason !== "account_deleted") return;
    held = pushed;
    store.set(forcedLogoutAtom, null);
  });
  return (show) => {
    stop();
    if (show && held) store.set(forcedLogoutAtom, held);
  };
}

/** Signed out for good: forgets the user, goes to '/' (the landing page, with no stored user) and says why. */
export async function leaveDeletedAccount({
  queryClient,
  goHome,
  message,
}: {
  queryClient: QueryClient;
  goHome: () => Promise<void>;
  message: string;
}): Promise<void> {
  abortActiveStream();
  clearStorageExceptPreferences();
  toast.success(message, { duration: 10_000 });
  await goHome();
  // after the signed-in screens are gone: a query still shown would fetch again, and be refused
  void queryClient.cancelQueries();
  queryClient.clear();
}
