// Sign up with name, email and password (twice). The spec's rules run before sending: required fields, a valid
// email, at least 8 characters, matching confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { register } from "./auth.api";
import { authKeys } from "./auth.queries";
import { Field } from "./field";
import { type FieldErrors, MIN_PASSWORD, validateRegister } from "./validation";

type Key = "name" | "email" | "password" | "confirm";

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: "", email: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [submitted, setSubmitted] = useState(false);

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: async (result) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, result.user);
      await navigate({ to: "/" });
    },
  });

  const update = (key: Key, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validateRegister(next));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length || mutation.isPending) return;
    mutation.mutate({ name: values.name.trim(), email: values.email.trim(), password: values.password });
  };

  const serverError = mutation.error;
  const serverField = serverError instanceof ApiError ? (serverError.field ?? (serverError.code === "email_taken" ? "email" : undefined)) : undefined;
  const fieldError = (key: Key) =>
    errors[key] ? t(errors[key], { min: MIN_PASSWORD }) : serverField === key ? errorMessage(t, serverError) : undefined;

  return (
    <form className="auth__form" onSubmit={onSubmit} noValidate data-testid="register-form">
      {serverError && !serverField ? (
        <div className="notice notice--error" role="alert" data-testid="form-error">
          {errorMessage(t, serverError)}
        </div>
      ) : null}
      <Field
        label={t("auth.name")}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={values.name}
        onChange={(e) => update("name", e.target.value)}
        error={fieldError("name")}
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
        value={values.email}
        onChange={(e) => update("email", e.target.value)}
        error={fieldError("email")}
      />
      <Field
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => update("password", e.target.value)}
        error={fieldError("password")}
      />
      <Field
        label={t("auth.confirmPassword")}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => update("confirm", e.target.value)}
        error={fieldError("confirm")}
      />
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={mutation.isPending} data-testid="register-submit">
        {mutation.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t("auth.registerButton")}
      </button>
    </form>
  );
}
