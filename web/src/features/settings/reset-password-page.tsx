// The forgotten password: ask for the email → a 6-digit code and a link are mailed (valid 30 minutes; the answer is
// the same whether or not the account exists) → the code and a new password of at least 8 characters. The mailed
// link opens this page with its token, and then only the new password is asked. Every session of the account ends.
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "../auth/auth-texts";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { Field } from "../auth/auth-page";
import { PublicCard } from "./public-card";
import { forgotPassword, resetPassword } from "./settings.api";
import { codeInput, emailRule, validateCode, validateNewPassword } from "./validation";

type Step = "email" | "code" | "done";

export function ResetPasswordPage({ token }: { token?: string }) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation(AUTH_TEXTS);
  const [step, setStep] = useState<Step>(token ? "code" : "email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.code === "invalid_code" &&
        Number.isFinite(Number(err.details?.attempts_left))
      ) {
        setError(t("email.wrongCode", { count: Number(err.details?.attempts_left) }));
      } else setError(errorMessage(tc, err));
    } finally {
      setBusy(false);
    }
  };

  const onEmail = (e: FormEvent) => {
    e.preventDefault();
    const rule = emailRule(email);
    if (rule) return setError(tc(rule));
    void run(async () => {
      await forgotPassword(email.trim());
      setStep("code");
    });
  };

  const onReset = (e: FormEvent) => {
    e.preventDefault();
    const rule = (token ? null : validateCode(code)) ?? validateNewPassword({ next, confirm });
    if (rule) return setError(t(rule));
    void run(async () => {
      await resetPassword(
        token ? { token, newPassword: next } : { email: email.trim(), code: code.trim(), newPassword: next },
      );
      setStep("done");
    });
  };

  const errorBox = error ? (
    <div className="notice notice--error" role="alert" data-testid="reset-error">
      {error}
    </div>
  ) : null;

  return (
    <PublicCard title={tc("auth.forgotTitle")} testId="reset-password">
      {step === "email" ? (
        <form className="auth__form" onSubmit={onEmail} noValidate data-testid="forgot-form">
          <p className="auth__subtitle">{t("reset.emailHint")}</p>
          {errorBox}
          <Field
            label={tc("auth.email")}
            name="reset-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
          <button
            type="submit"
            className="btn btn--primary btn--block btn--lg"
            disabled={busy}
            data-testid="reset-send"
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t("reset.send")}
          </button>
        </form>
      ) : step === "code" ? (
        <form className="auth__form" onSubmit={onReset} noValidate data-testid="reset-form">
          <p className="auth__subtitle" data-testid="reset-sent">
            {token ? t("reset.linkHint") : t("reset.sent", { email: email.trim() })}
          </p>
          {errorBox}
          {token ? null : (
            <Field
              label={t("email.code")}
              name="reset-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(codeInput(e.target.value))}
              autoFocus
            />
          )}
          <Field
            label={t("password.new")}
            name="reset-new"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <Field
            label={t("password.confirm")}
            name="reset-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn--primary btn--block btn--lg"
            disabled={busy}
            data-testid="reset-submit"
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t("reset.submit")}
          </button>
        </form>
      ) : (
        <div className="auth__form">
          <div className="notice notice--info" role="status" data-testid="reset-done">
            {t("reset.done")}
          </div>
        </div>
      )}
      <p className="auth__switch">
        <Link to="/login" data-testid="reset-to-login">
          {tc("auth.loginLink")}
        </Link>
      </p>
    </PublicCard>
  );
}
