// /register: sign up. Signed-in visitors go straight to '/'.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuthPage } from "../features/auth/auth-page";
import { getStoredUser } from "../features/auth/every-page/session";

export const Route = createFileRoute("/register")({
  beforeLoad: () => {
    if (getStoredUser()) throw redirect({ to: "/" });
  },
  // the sign-in texts alongside the page's code, not after it
  loader: () => void import("../features/auth/auth-texts").then((m) => m.loadAuthTexts()),
  component: () => <AuthPage mode="register" />,
});
