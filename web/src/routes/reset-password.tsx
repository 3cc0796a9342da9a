// /reset-password: the forgotten-password flow. Without ?token= it asks the email, then the mailed 6-digit code
// and the new password; the mailed link opens it with ?token= and only the new password is asked.
import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { AccountsTexts } from "../features/settings/accounts-texts";
import { ResetPasswordPage } from "../features/auth/reset-password-page";

const ResetSearchSchema = v.object({
  token: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))), undefined),
});

export const Route = createFileRoute("/reset-password")({
  validateSearch: (search) => v.parse(ResetSearchSchema, search),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return (
    <AccountsTexts>
      <ResetPasswordPage token={token} />
    </AccountsTexts>
  );
}
