// /login: sign in. Signed-in visitors go straight to '/'. ?reason=expired explains why they were sent here.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
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
  component: LoginRoute,
});

function LoginRoute() {
  const { t } = useTranslation();
  const { reason } = Route.useSearch();
  return <AuthPage mode="login" notice={reason === "expired" ? t("auth.sessionExpired") : undefined} />;
}
