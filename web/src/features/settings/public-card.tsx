// The frame of the signed-out account screens (/link-account, /reset-password): the sign-in page's card, alone.
import type { ReactNode } from "react";
import { LanguageSelect } from "../i18n/language-select";
import { ThemeToggle } from "../theme/theme-toggle";
import { Logo } from "../ui/icons";
import "../auth/auth.css";
import "./settings.css";

export function PublicCard({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="auth auth--single">
      <main className="auth__main">
        <div className="auth__topbar">
          <LanguageSelect />
          <ThemeToggle />
        </div>
        <div className="auth__card" data-testid={testId}>
          <div className="auth__card-logo">
            <Logo size={40} />
          </div>
          <h1 className="auth__title">{title}</h1>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
      </main>
    </div>
  );
}
