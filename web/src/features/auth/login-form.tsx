// Sign in with email and password. Field rules are checked before sending; server refusals show in the form.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { login } from "./auth.api";
import { authKeys } from "./auth.queries";
import { Field } from "./field";
import { type FieldErrors, validateLogin } from "./validation";

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<"email" | "password">>({});
  const [submitted, setSubmitted] = useState(false);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, result.user);
      await navigate({ to: "/" });
    },
  });

  const update = (key: "email" | "password", value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length || mutation.isPending) return;
    mutation.mutate({ email: values.email.trim(), password: values.password });
  };

  const serverError = mutation.error;
  const fieldFromServer = serverError instanceof ApiError ? serverError.field : undefined;

  return (
    <form className="auth__form" onSubmit={onSubmit} noValidate data-testid="login-form">
      {serverError && !fieldFromServer ? (
        <div className="notice notice--error" role="alert" data-testid="form-error">
          {errorMessage(t, serverError)}
        </div>
      ) : null}
      <Field
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="name@example.com"
        value={values.email}
        onChange={(e) => update("email", e.target.value)}
        error={errors.email ? t(errors.email) : fieldFromServer === "email" ? errorMessage(t, serverError) : undefined}
        autoFocus
      />
      <Field
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => update("password", e.target.value)}
        error={errors.password ? t(errors.password) : fieldFromServer === "password" ? errorMessage(t, serverError) : undefined}
      />
      <div className="auth__row">
        <button type="button" className="link-btn" onClick={onForgot} data-testid="forgot-password">
          {t("auth.forgot")}
        </button>
      </div>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={mutation.isPending} data-testid="login-submit">
        {mutation.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t("auth.loginButton")}
      </button>
    </form>
  );
}
