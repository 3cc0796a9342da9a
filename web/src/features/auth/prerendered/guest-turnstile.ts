// The pre-rendered sign-up and forgot-password pages' Turnstile widget, as the SPA's forms draw it (the same
// turnstile-widget.ts): on only when the worker wrote the site key into the served page (<html
// data-turnstile-site-key>, worker/http/guest-page.ts), so the page asks nothing before painting. The widget sits
// before the form's submit button, in the copy on screen: a language switch draws it again in the new copy.
import { type HumanCheck, humanCheck } from "../turnstile-widget";
import type { Controller } from "./guest-auth";

export interface GuestHumanCheck extends Controller, Pick<HumanCheck, "token" | "reset"> {}

/** The widget for the form `formTestId`, or null when Turnstile is off. */
export function guestHumanCheck(formTestId: string): GuestHumanCheck | null {
  const siteKey = document.documentElement.dataset.turnstileSiteKey;
  if (!siteKey) return null;
  let check: HumanCheck | undefined;
  let host: HTMLElement | undefined;
  return {
    render(copy) {
      const form = copy.el.querySelector(`[data-testid="${formTestId}"]`);
      if (host && form?.contains(host)) return;
      // another copy (a language switch) or the form gone (the reset's next step): the old widget goes
      check?.remove();
      host?.remove();
      check = host = undefined;
      if (!form) return;
      host = document.createElement("div");
      host.className = "turnstile";
      host.setAttribute("data-testid", "turnstile");
      form.querySelector("button[type=submit]")?.before(host);
      check = humanCheck(host, siteKey, copy.lng);
    },
    token: () => check?.token(),
    reset: () => check?.reset(),
  };
}
