// Security: the signed-in devices, the password change and the linked sign-in accounts.
import { useQuery } from "@tanstack/react-query";
import { LinkedAccountsSection } from "./linked-accounts-section";
import { PasswordSection } from "./password-section";
import { SessionsSection } from "./sessions-section";
import { linkedAccountsQuery } from "./settings.queries";

export function SecurityTab() {
  const linked = useQuery(linkedAccountsQuery());
  return (
    <>
      <SessionsSection />
      <PasswordSection hasPassword={linked.data?.has_password ?? true} />
      <LinkedAccountsSection />
    </>
  );
}
