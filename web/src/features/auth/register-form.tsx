// Sign up with name, email and password (twice). The form's rules run before sending: required fields, a valid
// email, at least 8 characters, matching confirmation. With Turnstile on, its widget shows above the button and its
// token goes with the form (use-turnstile.tsx).
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "./auth-texts";
import { register } from "./every-page/auth.api";
import { Field } from "./field";
import { useAuthForm } from "./use-auth-form";
import { useTurnstile } from "./use-turnstile";
import { MIN_PASSWORD, registerFieldForCode, registerPayload, validateRegister } from "./validation";

export function RegisterForm() {
  const { t } = useTranslation(AUTH_TEXTS);
  const human = useTurnstile();
  const form = useAuthForm({
    initial: { name: "", email: "", password: "", confirm: "" },
    validate: validateRegister,
    toPayload: (values) => ({ ...registerPayload(values), turnstile_token: human.token() }),
    // the token is spent whatever the answer
    submit: (payload) => register(payload).finally(human.reset),
    fieldForCode: registerFieldForCode,
    messageOptions: { min: MIN_PASSWORD },
  });

  return (
    <form className="auth__form" onSubmit={form.onSubmit} noValidate data-testid="register-form">
      {form.formError ? (
        <div className="notice notice--error" role="alert" data-testid="form-error">
          {form.formError}
        </div>
      ) : null}
      <Field
        label={t("auth.name")}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={form.values.name}
        onChange={(e) => form.update("name", e.target.value)}
        error={form.fieldError("name")}
        autoFocus
      />
      <Field
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="name@example.com"
        maxLength={254}
        value={form.values.email}
        onChange={(e) => form.update("email", e.target.value)}
        error={form.fieldError("email")}
      />
      <Field
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(e) => form.update("password", e.target.value)}
        error={form.fieldError("password")}
      />
      <Field
        label={t("auth.confirmPassword")}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={form.values.confirm}
        onChange={(e) => form.update("confirm", e.target.value)}
        error={form.fieldError("confirm")}
      />
      {human.widget}
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={form.pending}
        data-testid="register-submit"
      >
        {form.pending ? <span className="spinner" aria-hidden="true" /> : null}
        {t("auth.registerButton")}
      </button>
    </form>
  );
}
