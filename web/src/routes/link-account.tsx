// /link-account: reached from a Google or Facebook sign-in whose email belongs to an account with a password; the
// router state carries email, providerId, provider (and the worker's linking token). Signed-in visitors go to '/'.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { getStoredUser } from "../features/auth/every-page/session";
import { AccountsTexts } from "../features/settings/accounts-texts";
import { LinkAccountPage } from "../features/settings/link-account-page";

export const Route = createFileRoute("/link-account")({
  beforeLoad: () => {
    if (getStoredUser()) throw redirect({ to: "/" });
  },
  component: () => (
    <AccountsTexts>
      <LinkAccountPage />
    </AccountsTexts>
  ),
});
