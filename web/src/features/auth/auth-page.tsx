// The sign-in and sign-up screen: a brand panel beside the form on wide screens, the form alone on phones.
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "./auth-texts";
import { LanguageSelect } from "../i18n/language-select";
import { ThemeToggle } from "../theme/theme-toggle";
import { IconCheck, IconInfo, Logo } from "../ui/icons";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { SocialButtons } from "./social-buttons";
import "./auth.css";

// The account screens (settings, /link-account, /reset-password) import Field from here, so they share this chunk with
// the sign-in page rather than splitting Field into a chunk of its own that the sign-in page would also fetch.
export { Field } from "./field";

export function AuthPage({ mode, notice }: { mode: "login" | "register"; notice?: ReactNode }) {
  const { t } = useTranslation(AUTH_TEXTS);
  const navigate = useNavigate();

  return (
    <div className="auth">
      <aside className="auth__brand" aria-hidden="true">
        <div className="auth__brand-inner">
          <div className="auth__brand-logo">
            <Logo size={44} />
            <span>Mây</span>
          </div>
          <h2 className="auth__brand-title">{t("auth.brandTitle")}</h2>
          <ul className="auth__brand-points">
            <li>
              <IconCheck size={18} /> {t("auth.point1")}
            </li>
            <li>
              <IconCheck size={18} /> {t("auth.point2")}
            </li>
            <li>
              <IconCheck size={18} /> {t("auth.point3")}
            </li>
          </ul>
          <p className="auth__beta">{t("auth.beta")}</p>
        </div>
      </aside>

      <main className="auth__main">
        <div className="auth__topbar">
          <LanguageSelect />
          <ThemeToggle />
        </div>
        <div className="auth__card">
          <div className="auth__card-logo">
            <Logo size={40} />
          </div>
          <h1 className="auth__title">{mode === "login" ? t("auth.loginTitle") : t("auth.registerTitle")}</h1>
          <p className="auth__subtitle">{mode === "login" ? t("auth.loginSubtitle") : t("auth.registerSubtitle")}</p>
          {notice ? <AuthNotice>{notice}</AuthNotice> : null}
          {mode === "login" ? (
            <LoginForm onForgot={() => void navigate({ to: "/reset-password" })} />
          ) : (
            <RegisterForm />
          )}
          <SocialButtons mode={mode} />
          <p className="auth__switch">
            {mode === "login" ? t("auth.noAccount") : t("auth.haveAccount")}{" "}
            <Link to={mode === "login" ? "/register" : "/login"} data-testid="auth-switch">
              {mode === "login" ? t("auth.registerLink") : t("auth.loginLink")}
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}

/** Why the visitor is here (a session that ended), above the form. The pre-rendered sign-in page keeps it as a template
 * its script shows for ?reason=expired (prerendered/guest-prerender.tsx). */
export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice--info" role="status" data-testid="auth-notice">
      <IconInfo size={18} />
      <span>{children}</span>
    </div>
  );
}
