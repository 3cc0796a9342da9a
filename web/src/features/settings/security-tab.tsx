// Security: the signed-in devices, the password change, the linked sign-in accounts, the chats shared by link (who can
// read what), importing one's chats from ChatGPT, downloading all of one's data and, last, deleting the account.
import { useQuery } from "@tanstack/react-query";
import { DataExportSection } from "../account-data/data-export-section";
import { DeleteAccountSection } from "../account-data/delete-account-section";
import { ChatImportSection } from "../chat-import/chat-import-section";
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
      <ChatImportSection />
      <DataExportSection />
      <DeleteAccountSection />
    </>
  );
}
