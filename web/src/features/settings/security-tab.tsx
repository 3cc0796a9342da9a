// Security: the signed-in devices, the password change, the linked sign-in accounts and the chats shared by link
// (who can read what).
import { useQuery } from "@tanstack/react-query";
import { LinkedAccountsSection } from "./linked-accounts-section";
import { PasswordSection } from "./password-section";
import { SessionsSection } from "./sessions-section";
import { SharedLinksSection } from "./shared-links-section";
import { linkedAccountsQuery } from "./settings.queries";

export function SecurityTab() {
  const linked = useQuery(linkedAccountsQuery());
  return (
    <>
      <SessionsSection />
      <PasswordSection hasPassword={linked.data?.has_password ?? true} />
      <LinkedAccountsSection />
      <SharedLinksSection />
    </>
  );
}
