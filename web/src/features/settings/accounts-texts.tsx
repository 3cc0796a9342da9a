// The "accounts" texts (settings, /link-account, /reset-password: locales/accounts/<lng>.json) are added to i18next
// by the screens that need them, not by the main bundle: <AccountsTexts> renders its children once the current
// language's file (and English, the fallback) is in, and again after a language switch.
import i18next from "i18next";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Language, isLanguage } from "../../lib/i18n";

export const ACCOUNTS_NS = "accounts";

const added = new Set<Language>();
const pending = new Map<Language, Promise<void>>();

/** Adds one language's accounts texts once; later calls share the same load. */
export function loadAccountsTexts(lng: Language): Promise<void> {
  if (added.has(lng)) return Promise.resolve();
  let p = pending.get(lng);
  if (!p) {
    p = import(`../../../../locales/accounts/${lng}.json`).then((m: { default: Record<string, unknown> }) => {
      i18next.addResourceBundle(lng, ACCOUNTS_NS, m.default, true, true);
      added.add(lng);
    });
    p.catch(() => pending.delete(lng)); // offline: the next render tries again
    pending.set(lng, p);
  }
  return p;
}

export function AccountsTexts({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lng: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const [, rerender] = useState(0);
  const ready = added.has(lng) && added.has("en");
  useEffect(() => {
    if (ready) return;
    let live = true;
    void Promise.all([loadAccountsTexts(lng), loadAccountsTexts("en")]).finally(() => live && rerender((n) => n + 1));
    return () => {
      live = false;
    };
  }, [lng, ready]);
  // useTranslation("accounts") below may suspend for a moment while i18next marks the namespace loaded.
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
