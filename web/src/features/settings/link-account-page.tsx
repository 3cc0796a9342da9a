// Linking a Google or Facebook identity to the existing account with the same email: the account's password proves
// it is the owner (a shared email alone never takes an account over). Then the user is signed in.
import { Link, useLocation } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "../auth/auth-texts";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { Field } from "../auth/auth-page";
import "../auth/link-state";
import { takeReturnPath } from "../auth/return-path";
import { PublicCard } from "./public-card";
import { completeLink } from "./settings.api";

const PROVIDER_NAMES = { google: "Google", facebook: "Facebook" } as const;

export function LinkAccountPage() {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation(AUTH_TEXTS);
  const link = useLocation({ select: (l) => l.state.linkAccount });
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!link) {
    return (
      <PublicCard title={t("link.title")} testId="link-account">
        <p className="notice notice--info" data-testid="link-missing">
          {t("link.missing")}
        </p>
        <Link to="/login" className="btn btn--primary btn--block">
          {tc("auth.loginLink")}
        </Link>
      </PublicCard>
    );
  }

  const provider = PROVIDER_NAMES[link.provider];
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(tc("validation.required"));
    setBusy(true);
    setError(null);
    try {
      await completeLink({ ...link, password });
      // The app starts afresh with the new session (this rare screen does not share the sign-in page's start-up code),
      // where the guest was going when sent to sign in, or at '/'.
      window.location.assign(takeReturnPath() ?? "/");
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === "invalid_social_token"
          ? t("link.expired", { provider })
          : errorMessage(tc, err),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicCard
      title={t("link.title")}
      subtitle={t("link.subtitle", { provider, email: link.email })}
      testId="link-account"
    >
      <form className="auth__form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="link-form">
        {error ? (
          <div className="notice notice--error" role="alert" data-testid="link-error">
            {error}
          </div>
        ) : null}
        <Field label={tc("auth.email")} name="link-email" type="email" value={link.email} readOnly />
        <Field
          label={tc("auth.password")}
          name="link-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy} data-testid="link-submit">
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t("link.submit", { provider })}
        </button>
        <Link to="/login" className="link-btn">
          {tc("common.cancel")}
        </Link>
      </form>
    </PublicCard>
  );
}
