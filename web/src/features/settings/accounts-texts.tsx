// The "accounts" texts (settings, /link-account, /reset-password: locales/accounts/<lng>.json) live in their own
// i18next namespace, fetched with those screens' code, so the sign-in page and the chat screens carry none of them.
// Importing this module registers the namespace's loader; <AccountsTexts> shows its children once the texts are in.
import i18next from "i18next";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { namespaceLoaders } from "../../lib/i18n";

export const ACCOUNTS_NS = "accounts";

namespaceLoaders.set(ACCOUNTS_NS, (lng) => import(`../../../../locales/accounts/${lng}.json`));

/** Loads the accounts texts of the current language (and the fallback). */
export function loadAccountsTexts(): Promise<void> {
  return i18next.loadNamespaces(ACCOUNTS_NS);
}

/** Suspends (useTranslation does) until the namespace is loaded, for the current language and after a switch. */
function Ready({ children }: { children: ReactNode }) {
  useTranslation(ACCOUNTS_NS);
  return children;
}

export function AccountsTexts({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Ready>{children}</Ready>
    </Suspense>
  );
}
