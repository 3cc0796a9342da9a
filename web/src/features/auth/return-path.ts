// Where a guest wanted to go before signing in: the signed-in area's guard (routes/_app.tsx) remembers the address it
// turned them away from in sessionStorage before it sends them to /login, and the first sign-in or sign-up of this tab
// (the forms, Google or Facebook, linking an account) goes there instead of '/', once, when it is a shared chat to
// continue (/continue/<share id>, the shared page's "Continue this chat"); any other address is forgotten as before.
// The guard writes the key itself, spelled out and unchecked, to stay a few bytes in the entry every page loads.

/** The sessionStorage key (the same text as in routes/_app.tsx). */
export const RETURN_PATH_KEY = "return_to";

/** The addresses taken back: a shared chat to continue (a share id is 22 base64url characters). */
const RETURNABLE = /^\/continue\/[A-Za-z0-9_-]{22}$/;

/** The remembered path, forgotten as it is read; null when there is none (or storage is off). */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_PATH_KEY);
    sessionStorage.removeItem(RETURN_PATH_KEY);
    return path && RETURNABLE.test(path) ? path : null;
  } catch {
    return null; // storage disabled (privacy mode): the app starts at '/'
  }
}
