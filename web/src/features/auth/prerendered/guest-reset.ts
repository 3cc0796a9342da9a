// The pre-rendered forgotten-password page, as the SPA's ResetPasswordPage runs it (reset-password-page.tsx): the
// email step, then the mailed code and the new password (the mailed link's page starts there, its token standing for
// the code), then done; the same rules and requests (reset-rules.ts), one notice for what is wrong. The later steps
// are the page's templates, rendered at build time from the SPA's own step components. The email step sends the
// Turnstile widget's token when the page has one (guest-turnstile.ts).
import { MessageSchema } from "../../../../../worker/protocol/accounts";
import type { PasswordForgot } from "../../../../../worker/protocol/account-requests";
import { codeInput } from "../../settings/validation";
import { type ResetMessage, resetEmailProblem, resetFailure, resetPasswordProblem, resetPayload } from "../reset-rules";
import { call } from "./guest-api";
import type { Controller } from "./guest-auth";
import { focusFirst, input, showAlert, showSubmit, wake } from "./guest-dom";
import type { GuestHumanCheck } from "./guest-turnstile";
import { type Copy, errorText, loadErrorTexts, translate } from "./guest-texts";

type Step = "email" | "code" | "done";

/** The reset link's token, as the SPA's route accepts it (routes/reset-password.tsx): 64 hex digits, else none. */
export function linkToken(search: string): string | undefined {
  const token = new URLSearchParams(search).get("token") ?? "";
  return /^[0-9a-f]{64}$/.test(token) ? token : undefined;
}

/** `token`: the mailed link's (the page then opens at the new password). */
export function resetForm(token: string | undefined, shown: () => Copy, human?: GuestHumanCheck | null): Controller {
  const first: Step = token ? "code" : "email";
  let step: Step = first;
  let email = "";
  let busy = false;
  let message: ResetMessage | null = null;
  let failure: unknown = null;

  /** The copy at `step`: the step's template in place of the form it shows (every copy starts at its first step). */
  const showStep = (copy: Copy) => {
    if ((copy.el.dataset.step ?? first) === step) return;
    const current = copy.el.querySelector(".auth__card > .auth__form");
    const template = copy.el.querySelector<HTMLTemplateElement>(`template[data-template="${step}"]`);
    if (!current || !template) return;
    current.replaceWith(template.content.cloneNode(true));
    copy.el.dataset.step = step;
    wake(copy.el);
    if (copy === shown()) focusFirst(copy.el.querySelector(".auth__card > .auth__form") ?? copy.el);
  };

  const render = (copy: Copy) => {
    showStep(copy);
    const form = copy.el.querySelector(".auth__card > form");
    const text = !message
      ? undefined
      : "code" in message
        ? errorText(copy, failure)
        : translate(copy, message.key, message.options);
    showAlert(form, form?.querySelector(":scope > .auth__subtitle") ?? null, "reset-error", text);
    if (step === "code" && !token) {
      const sent = copy.el.querySelector("[data-testid=reset-sent]");
      if (sent) sent.textContent = translate(copy, "reset.sent", { email: email.trim() });
    }
    const button = form?.querySelector<HTMLButtonElement>("button[type=submit]") ?? null;
    showSubmit(button, busy);
    // after the step: the next one takes the widget's form away
    human?.render(copy);
  };

  const say = (m: ResetMessage) => {
    message = m;
    render(shown());
  };

  const run = async (work: () => Promise<Step>) => {
    busy = true;
    message = null;
    render(shown());
    try {
      step = await work();
    } catch (err) {
      failure = err;
      message = resetFailure(err);
      if ("code" in message) await loadErrorTexts(shown().lng);
    }
    busy = false;
    render(shown());
  };

  return {
    render,
    onSubmit(copy, form) {
      if (busy) return;
      if (form.getAttribute("data-testid") === "forgot-form") {
        email = input(copy.el, "reset-email")?.value ?? "";
        const problem = resetEmailProblem(email);
        if (problem) return say(problem);
        void run(async () => {
          const body = { email: email.trim(), turnstile_token: human?.token() } satisfies PasswordForgot;
          // the token is spent whatever the answer; the mail is written in the language the page shows
          await call("/auth/forgot-password", MessageSchema, body, { "Accept-Language": copy.lng }).finally(() =>
            human?.reset(),
          );
          return "code";
        });
      } else if (form.getAttribute("data-testid") === "reset-form") {
        const value = (name: string) => input(copy.el, name)?.value ?? "";
        const values = { email, code: value("reset-code"), next: value("reset-new"), confirm: value("reset-confirm") };
        const problem = resetPasswordProblem(token, values);
        if (problem) return say(problem);
        void run(async () => {
          await call("/auth/reset-password", MessageSchema, resetPayload(token, values));
          return "done";
        });
      }
    },
    onInput(_copy, field) {
      // the code box takes digits only, at most six, as the SPA's does as the user types or pastes
      if (field.name === "reset-code") field.value = codeInput(field.value);
    },
  };
}
