// Sign in with email and password. Field rules are checked before sending; server refusals show in the form.
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "./auth-texts";
import { login } from "./every-page/auth.api";
import { Field } from "./field";
import { useAuthForm } from "./use-auth-form";
import { loginPayload, validateLogin } from "./validation";

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation(AUTH_TEXTS);
  const form = useAuthForm({
    initial: { email: "", password: "" },
    validate: validateLogin,
    toPayload: loginPayload,
    submit: login,
  });

  return (
    <form className="auth__form" onSubmit={form.onSubmit} noValidate data-testid="login-form">
      {form.formError ? (
        <div className="notice notice--error" role="alert" data-testid="form-error">
          {form.formError}
        </div>
      ) : null}
      <Field
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="name@example.com"
        value={form.values.email}
        onChange={(e) => form.update("email", e.target.value)}
        error={form.fieldError("email")}
        autoFocus
      />
      <Field
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(e) => form.update("password", e.target.value)}
        error={form.fieldError("password")}
      />
      <div className="auth__row">
        <button type="button" className="link-btn" onClick={onForgot} data-testid="forgot-password">
          {t("auth.forgot")}
        </button>
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={form.pending}
        data-testid="login-submit"
      >
        {form.pending ? <span className="spinner" aria-hidden="true" /> : null}
        {t("auth.loginButton")}
      </button>
    </form>
  );
}
