// Password change (Settings > Security), with its rules and texts: every field filled, the new passwords
// matching, at least 6 characters, different from the current one. On success the worker ends the other devices
// and this one signs out after 2 seconds, so the new password is used from the next sign-in on.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { logout } from "../auth/every-page/auth.api";
import { Field } from "../auth/auth-page";
import { Section } from "./section";
import { changePassword } from "./settings.api";
import { validatePasswordChange } from "./validation";

/** A password change logs the user out after this delay: 2 seconds, in milliseconds. */
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 2_000;

/** Server refusals with their own sentence; anything else gets 'An error occurred, please try again'. */
const SPECIFIC = new Set(["incorrect_password", "rate_limited", "invalid_input"]);

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const [values, setValues] = useState({ current: "", next: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const rule = validatePasswordChange(values);
    if (rule) return setError(t(rule));
    setBusy(true);
    setError(null);
    try {
      await changePassword({ currentPassword: values.current, newPassword: values.next });
      setDone(true);
      // Not tied to this screen: leaving the tab within the 2 s still signs out.
      setTimeout(() => void logout().then(() => window.location.assign("/login")), LOGOUT_AFTER_PASSWORD_CHANGE_MS);
    } catch (err) {
      setError(err instanceof ApiError && SPECIFIC.has(err.code) ? errorMessage(tc, err) : t("password.failed"));
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <Section
      title={t("password.title")}
      description={hasPassword ? undefined : t("password.noPassword")}
      testId="password-section"
    >
      {done ? (
        <div className="notice notice--info" role="status" data-testid="password-changed">
          {t("password.changed")}
        </div>
      ) : hasPassword ? (
        <form className="settings-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="password-form">
          {error ? (
            <div className="notice notice--error" role="alert" data-testid="password-error">
              {error}
            </div>
          ) : null}
          <Field
            label={t("password.current")}
            name="current-password"
            type="password"
            autoComplete="current-password"
            value={values.current}
            onChange={set("current")}
          />
          <Field
            label={t("password.new")}
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={values.next}
            onChange={set("next")}
          />
          <Field
            label={t("password.confirm")}
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set("confirm")}
          />
          <div>
            <button type="submit" className="btn btn--primary" disabled={busy} data-testid="password-submit">
              {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
              {t("password.submit")}
            </button>
          </div>
        </form>
      ) : null}
    </Section>
  );
}
