// The plans, payment and affiliate screens' texts (locales/plans/<lng>.json) come with those screens instead of
// sitting in the locale file every page loads (the sign-in and chat pages' JavaScript budgets have no room for them).
// This module, part of the screens' lazy chunk, adds them to i18next as the "plans" namespace: the current language
// first, English (the fallback) beside it. A screen's top component shows a spinner until `ready`.
import i18next from "i18next";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

export const PLANS_NS = "plans";

const FILES = import.meta.glob<Record<string, unknown>>("../../../../locales/plans/*.json", { import: "default" });
const pending = new Map<string, Promise<void>>();

function loadLanguage(lng: string): Promise<void> {
  if (i18next.hasResourceBundle(lng, PLANS_NS)) return Promise.resolve();
  let loading = pending.get(lng);
  if (!loading) {
    const load = FILES[`../../../../locales/plans/${lng}.json`];
    loading = load
      ? load().then(
          (texts) => void i18next.addResourceBundle(lng, PLANS_NS, texts, true, true),
          (err: unknown) => {
            pending.delete(lng); // offline: the next screen tries again
            throw err;
          },
        )
      : Promise.resolve();
    pending.set(lng, loading);
  }
  return loading;
}

/** Loads the texts in `lng` (default: the current language) and in English. */
export function loadPlansTexts(lng: string = i18next.language): Promise<void> {
  return Promise.all([loadLanguage(lng), loadLanguage("en")]).then(() => undefined);
}

/** `t` for the "plans" namespace in the current language; `ready` once its texts are there. */
export function usePlansTexts() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const [, setLoaded] = useState(0);
  const ready = i18n.hasResourceBundle(lng, PLANS_NS);
  useEffect(() => {
    let live = true;
    loadPlansTexts(lng).then(
      () => live && setLoaded((n) => n + 1),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [lng]);
  const t = useMemo(() => i18n.getFixedT(lng, PLANS_NS), [i18n, lng]);
  return { t, i18n, ready };
}
