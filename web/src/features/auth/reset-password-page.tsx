// The forgotten password: ask for the email → a 6-digit code and a link are mailed (valid 30 minutes; the answer is
// the same whether or not the account exists) → the code and a new password of at least 8 characters. The mailed
// link opens this page with its token, and then only the new password is asked. Every session of the account ends.
// Each step is its own component, so the pre-rendered page (static/guest-prerender.tsx) renders the same steps its
// script then shows one after the other. With Turnstile on, the email step shows its widget (use-turnstile.tsx).
import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { PublicCard } from "../settings/public-card";
import { forgotPassword, resetPassword } from "../settings/settings.api";
import { codeInput } from "../settings/validation";
import { AUTH_TEXTS } from "./auth-texts";
// From the sign-in page's module (not ./field), so this page shares its chunk rather than splitting Field out.
import { Field } from "./auth-page";
import {
  type ResetMessage,
  type ResetValues,
  resetEmailProblem,
  resetFailure,
  resetPasswordProblem,
  resetPayload,
} from "./reset-rules";
import { useTurnstile } from "./use-turnstile";

type Step = "email" | "code" | "done";

export function ResetPasswordPage({ token }: { token?: string }) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation(AUTH_TEXTS);
  const [step, setStep] = useState<Step>(token ? "code" : "email");
  const [values, setValues] = useState<ResetValues>({ email: "", code: "", next: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const human = useTurnstile();
  const set = (key: keyof ResetValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const say = (m: ResetMessage, err?: unknown) =>
    setError("code" in m ? errorMessage(tc, err) : m.ns === "auth" ? tc(m.key) : t(m.key, m.options));

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      say(resetFailure(err), err);
    } finally {
      setBusy(false);
    }
  };

  const onEmail = (e: FormEvent) => {
    e.preventDefault();
    const problem = resetEmailProblem(values.email);
    if (problem) return say(problem);
    void run(async () => {
      // the token is spent whatever the answer
      await forgotPassword(values.email.trim(), human.token()).finally(human.reset);
      setStep("code");
    });
  };

  const onReset = (e: FormEvent) => {
    e.preventDefault();
    const problem = resetPasswordProblem(token, values);
    if (problem) return say(problem);
    void run(async () => {
      await resetPassword(resetPayload(token, values));
      setStep("done");
    });
  };

  return (
    <ResetCard>
      {step === "email" ? (
        <ResetEmailStep
          email={values.email}
          onEmail={set("email")}
          onSubmit={onEmail}
          busy={busy}
          error={error}
          human={human.widget}
        />
      ) : step === "code" ? (
        <ResetCodeStep
          token={token}
          values={values}
          onChange={(key, value) => set(key)(key === "code" ? codeInput(value) : value)}
          onSubmit={onReset}
          busy={busy}
          error={error}
        />
      ) : (
        <ResetDoneStep />
      )}
    </ResetCard>
  );
}

/** The page's frame: the card with its title, the step, and the way back to sign in. */
export function ResetCard({ children }: { children: ReactNode }) {
  const { t: tc } = useTranslation(AUTH_TEXTS);
  return (
    <PublicCard title={tc("auth.forgotTitle")} testId="reset-password">
      {children}
      <p className="auth__switch">
        <Link to="/login" data-testid="reset-to-login">
          {tc("auth.loginLink")}
        </Link>
      </p>
    </PublicCard>
  );
}

function ErrorBox({ error }: { error: string | null }) {
  return error ? (
    <div className="notice notice--error" role="alert" data-testid="reset-error">
      {error}
    </div>
  ) : null;
}

function SubmitButton({ busy, testId, children }: { busy: boolean; testId: string; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid={testId}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** Step 1: the account's email. */
export function ResetEmailStep(props: {
  email: string;
  onEmail: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  error: string | null;
  /** Turnstile's widget when it is on (the pre-rendered page's script adds its own). */
  human?: ReactNode;
}) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation(AUTH_TEXTS);
  return (
    <form className="auth__form" onSubmit={props.onSubmit} noValidate data-testid="forgot-form">
      <p className="auth__subtitle">{t("reset.emailHint")}</p>
      <ErrorBox error={props.error} />
      <Field
        label={tc("auth.email")}
        name="reset-email"
        type="email"
        autoComplete="email"
        value={props.email}
        onChange={(e) => props.onEmail(e.target.value)}
        autoFocus
      />
      {props.human}
      <SubmitButton busy={props.busy} testId="reset-send">
        {t("reset.send")}
      </SubmitButton>
    </form>
  );
}

/** Step 2: the mailed code (not with the mailed link's token) and the new password, twice. */
export function ResetCodeStep(props: {
  token: string | undefined;
  values: ResetValues;
  onChange: (key: keyof ResetValues, value: string) => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useTranslation("accounts");
  const { token, values, onChange } = props;
  return (
    <form className="auth__form" onSubmit={props.onSubmit} noValidate data-testid="reset-form">
      <p className="auth__subtitle" data-testid="reset-sent">
        {token ? t("reset.linkHint") : t("reset.sent", { email: values.email.trim() })}
      </p>
      <ErrorBox error={props.error} />
      {token ? null : (
        <Field
          label={t("email.code")}
          name="reset-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.code}
          onChange={(e) => onChange("code", e.target.value)}
          autoFocus
        />
      )}
      <Field
        label={t("password.new")}
        name="reset-new"
        type="password"
        autoComplete="new-password"
        value={values.next}
        onChange={(e) => onChange("next", e.target.value)}
      />
      <Field
        label={t("password.confirm")}
        name="reset-confirm"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => onChange("confirm", e.target.value)}
      />
      <SubmitButton busy={props.busy} testId="reset-submit">
        {t("reset.submit")}
      </SubmitButton>
    </form>
  );
}

/** Step 3: done; the way back to sign in is below. */
export function ResetDoneStep() {
  const { t } = useTranslation("accounts");
  return (
    <div className="auth__form">
      <div className="notice notice--info" role="status" data-testid="reset-done">
        {t("reset.done")}
      </div>
    </div>
  );
}
