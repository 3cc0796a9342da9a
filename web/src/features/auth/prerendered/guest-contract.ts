// What the pre-rendered guest pages' three parties agree on: the build that writes them
// (scripts/prerender-guest-pages-plugin.ts with guest-prerender.tsx), the Worker that serves them
// (worker/http/guest-page.ts, whose table a unit test holds to this one) and their script (guest-page.ts).

/**
 * Each pre-rendered page: the address it answers (a guest's page load of it); its file is
 * dist/client/guest/<name>.html, which the assets serve at /guest/<name>. The mailed reset link
 * (/reset-password?token=…) has a page of its own, which opens at the new password, so it never shows the email step
 * first.
 */
export const GUEST_PAGES = {
  login: { path: "/login" },
  register: { path: "/register" },
  "reset-password": { path: "/reset-password" },
  "reset-password-link": { path: "/reset-password" },
} as const;
export type GuestPageName = keyof typeof GUEST_PAGES;

/** A copy of a page in one language: `<div class="guest-copy" lang="vi" data-page="login">`. */
export const COPY_CLASS = "guest-copy";

/** The texts a copy's script may show, by their i18next key ("validation.required", "email.wrongCode_one"...). */
export type Texts = Record<string, string>;
