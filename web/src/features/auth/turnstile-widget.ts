// Cloudflare Turnstile's widget on the two forms the worker guards with it (worker/auth/turnstile.ts): sign-up and
// asking for a password reset. One implementation for the SPA's forms (use-turnstile.tsx) and the pre-rendered pages'
// script (prerendered/guest-turnstile.ts). Turnstile's script is loaded only when a form asks for a widget, which it
// does only when the operator configured the keys, and once a page (explicit rendering: we say where and when). The
// token is single-use: every submission resets the widget for a fresh one. A form submitted without a token is sent
// anyway and the worker's captcha_failed says to complete the check, so there is one message for every missing token.

/** Turnstile's script, in explicit mode (https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/). */
export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

/** The part of Turnstile's `window.turnstile` we use. */
export interface TurnstileApi {
  render(el: HTMLElement, params: Record<string, unknown>): string | null | undefined;
  reset(id: string): void;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | undefined;

/** `window.turnstile`, once its script has loaded (a failed load is tried again by the next widget). */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    const fail = () => {
      loading = undefined;
      script.remove();
      reject(new Error("Turnstile did not load"));
    };
    script.src = TURNSTILE_SCRIPT;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : fail());
    script.onerror = fail;
    document.head.append(script);
  });
  return loading;
}

/** Our languages as Turnstile names them (its list has no plain "zh"). */
const widgetLanguage = (lng: string) => (lng === "zh" ? "zh-cn" : lng);

export interface HumanCheck {
  /** The widget's current token, or undefined (not solved yet, expired, failed). */
  token(): string | undefined;
  /** A fresh challenge after a submission (its token is spent) or a refusal. */
  reset(): void;
  /** The widget gone (the form left, or redrawn in another language). */
  remove(): void;
}

/**
 * Turnstile's widget drawn into `host` for `siteKey`, in the UI's `language` and theme; `onToken` hears each change of
 * the token (undefined when it expires or fails: Turnstile then retries by itself and shows its own state).
 */
export function humanCheck(
  host: HTMLElement,
  siteKey: string,
  language: string,
  onToken: (token: string | undefined) => void = () => undefined,
): HumanCheck {
  let id: string | null | undefined;
  let api: TurnstileApi | undefined;
  let token: string | undefined;
  let removed = false;
  const set = (next: string | undefined) => {
    token = next;
    onToken(next);
  };
  loadTurnstile().then(
    (loaded) => {
      if (removed) return;
      api = loaded;
      id = loaded.render(host, {
        sitekey: siteKey,
        language: widgetLanguage(language),
        theme: document.documentElement.dataset.theme === "dark" ? "dark" : "light",
        callback: (value: string) => set(value),
        "expired-callback": () => set(undefined),
        // handled: without this callback Turnstile throws; it shows the failure in the widget and retries
        "error-callback": () => {
          set(undefined);
          return true;
        },
      });
    },
    // unreachable script (blocked, offline): no token, and the worker's captcha_failed says what to do
    () => undefined,
  );
  return {
    token: () => token,
    reset() {
      set(undefined);
      if (api && id) api.reset(id);
    },
    remove() {
      removed = true;
      if (api && id) api.remove(id);
      id = undefined;
    },
  };
}
