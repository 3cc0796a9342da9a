// The addresses of the pre-rendered guest pages and the files the assets serve for them, apart from the handler
// (guest-page.ts) and import-free, so the build's tests can hold them to the pages' contract
// (web/src/features/auth/prerendered/guest-contract.ts) and to wrangler.toml's run_worker_first.

/** Each address and the pre-rendered page the assets serve for it (dist/client/guest/<page>.html). */
export const GUEST_PAGES: Readonly<Record<string, string>> = {
  "/login": "/guest/login",
  "/register": "/guest/register",
  "/reset-password": "/guest/reset-password",
};

/** The mailed reset link's page (/reset-password?token=…), which opens at the new password. */
export const RESET_LINK_PAGE = "/guest/reset-password-link";
