// /login: sign in. Signed-in visitors go straight to '/'. ?reason=expired explains why they were sent here.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "../features/auth/auth-texts";
import * as v from "valibot";
import { AuthPage } from "../features/auth/auth-page";
import { getStoredUser } from "../features/auth/every-page/session";

const LoginSearchSchema = v.object({
  reason: v.fallback(v.optional(v.picklist(["expired"])), undefined),
});

export const Route = createFileRoute("/login")({
  validateSearch: (search) => v.parse(LoginSearchSchema, search),
  beforeLoad: () => {
    if (getStoredUser()) throw redirect({ to: "/" });
  },
  // the sign-in texts alongside the page's code, not after it
  loader: () => void import("../features/auth/auth-texts").then((m) => m.loadAuthTexts()),
  component: LoginRoute,
});

function LoginRoute() {
  const { t } = useTranslation(AUTH_TEXTS);
  const { reason } = Route.useSearch();
  return <AuthPage mode="login" notice={reason === "expired" ? t("auth.sessionExpired") : undefined} />;
}
