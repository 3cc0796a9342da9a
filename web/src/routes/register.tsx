// /register: sign up. Signed-in visitors go straight to '/'.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuthPage } from "../features/auth/auth-page";
import { getStoredUser } from "../features/auth/every-page/session";

export const Route = createFileRoute("/register")({
  beforeLoad: () => {
    if (getStoredUser()) throw redirect({ to: "/" });
  },
  component: () => <AuthPage mode="register" />,
});
