// The pre-rendered sign-in and sign-up forms, as the SPA's useAuthForm runs them (use-auth-form.ts): the same rules
// (validation.ts) checked on submit and again on every change after it, the same request and payload, a refusal under
// the field it belongs to or above the form, and on success the session stored as the SPA stores it
// (every-page/session.ts) and the app opened where the guest was going (return-path.ts), else at '/'. Sign-up sends
// the Turnstile widget's token when the page has one (guest-turnstile.ts), and resets it after a refusal.
import { AuthResultSchema } from "../every-page/auth.schemas";
import { storeSession } from "../every-page/session";
import { takeReturnPath } from "../return-path";
import {
  type FieldErrors,
  MIN_PASSWORD,
  loginPayload,
  refusalField,
  registerFieldForCode,
  registerPayload,
  validateLogin,
  validateRegister,
} from "../validation";
import { call } from "./guest-api";
import { input, showAlert, showSubmit, showFieldError } from "./guest-dom";
import type { GuestHumanCheck } from "./guest-turnstile";
import { type Copy, errorText, loadErrorTexts, translate } from "./guest-texts";

/** What a page's script does with its copies: draw its state into one, and answer the page's events. */
export interface Controller {
  /** Draws the current state into `copy` (the copy shown, or one about to be). */
  render(copy: Copy): void;
  onSubmit?(copy: Copy, form: HTMLFormElement): void;
  onInput?(copy: Copy, field: HTMLInputElement): void;
}

type Values = Record<string, string>;

const FORMS = {
  login: {
    testId: "login-form",
    fields: ["email", "password"],
    validate: (v: Values) => validateLogin(v as Parameters<typeof validateLogin>[0]),
    send: (v: Values, _token?: string) =>
      call("/auth/login", AuthResultSchema, {
        ...loginPayload(v as Parameters<typeof loginPayload>[0]),
        user_agent: navigator.userAgent.slice(0, 500),
      }),
    fieldForCode: undefined,
    options: undefined,
  },
  register: {
    testId: "register-form",
    fields: ["name", "email", "password", "confirm"],
    validate: (v: Values) => validateRegister(v as Parameters<typeof validateRegister>[0]),
    send: (v: Values, token?: string) =>
      call("/auth/register", AuthResultSchema, {
        ...registerPayload(v as Parameters<typeof registerPayload>[0]),
        turnstile_token: token,
      }),
    fieldForCode: registerFieldForCode,
    options: { min: MIN_PASSWORD },
  },
} as const;

/** The sign-in (or sign-up) form; `shown()` is the copy on screen now (the language may change while a call runs). */
export function authForm(mode: "login" | "register", shown: () => Copy, human?: GuestHumanCheck | null): Controller {
  const form = FORMS[mode];
  let errors: FieldErrors<string> = {};
  let submitted = false;
  let pending = false;
  let refusal: unknown = null;

  const values = (copy: Copy): Values =>
    Object.fromEntries(form.fields.map((name) => [name, input(copy.el, name)?.value ?? ""]));

  const render = (copy: Copy) => {
    // a field the form does not show (the widget's turnstile_token) is said above the form
    const named = refusalField<string>(refusal, form.fieldForCode);
    const serverField = named && (form.fields as readonly string[]).includes(named) ? named : undefined;
    for (const name of form.fields) {
      const rule = errors[name];
      const message = rule
        ? translate(copy, rule, form.options)
        : serverField === name
          ? errorText(copy, refusal)
          : undefined;
      showFieldError(input(copy.el, name), message);
    }
    const el = copy.el.querySelector(`[data-testid="${form.testId}"]`);
    showAlert(el, null, "form-error", refusal && !serverField ? errorText(copy, refusal) : undefined);
    const button = el?.querySelector<HTMLButtonElement>("button[type=submit]") ?? null;
    showSubmit(button, pending);
    human?.render(copy);
  };

  const submit = async (copy: Copy) => {
    pending = true;
    refusal = null;
    render(copy);
    try {
      storeSession(await form.send(values(copy), human?.token()));
      // The app starts afresh, its chunks from the service worker's cache when it has them.
      location.assign(takeReturnPath() ?? "/");
      return;
    } catch (err) {
      // the token is spent: a fresh challenge for the next try
      human?.reset();
      await loadErrorTexts(shown().lng);
      refusal = err;
    }
    pending = false;
    render(shown());
  };

  return {
    render,
    onSubmit(copy, el) {
      if (el.getAttribute("data-testid") !== form.testId) return;
      submitted = true;
      errors = form.validate(values(copy));
      render(copy);
      if (Object.keys(errors).length || pending) return;
      void submit(copy);
    },
    onInput(copy) {
      if (!submitted) return;
      errors = form.validate(values(copy));
      render(copy);
    },
  };
}
