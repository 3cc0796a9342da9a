// The forced-logout popup's state, and the logout it ends with: storage is cleared except theme and language,
// and the app starts again at '/' (which sends a signed-out visitor to /login).
import { atom } from "jotai";
import type { LogoutReason } from "../../../../worker/protocol/socket";
import { clearStorageExceptPreferences } from "../../lib/storage";

export interface ForcedLogout {
  reason: LogoutReason | null;
  /** The server's own message, shown only when there is no reason to translate. */
  message: string | null;
}

export const forcedLogoutAtom = atom<ForcedLogout | null>(null);

/** Clears storage and reloads at '/', so no state of the ended session (queries, atoms, socket) survives. */
export function finishForcedLogout(go: (path: string) => void = (path) => window.location.assign(path)): void {
  clearStorageExceptPreferences();
  go("/");
}
