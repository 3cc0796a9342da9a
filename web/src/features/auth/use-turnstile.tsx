// The SPA's sign-up and forgot-password forms' Turnstile widget (turnstile-widget.ts): on only when GET /api/config
// gives a site key (the operator configured both keys), asked as the form opens with a plain call, since the sign-in
// page does not load React Query. Unconfigured, the form draws nothing more and sends what it always sent.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppConfigBodySchema } from "../../../../worker/protocol/app-config";
import { apiBody } from "../../lib/api";
import { type HumanCheck, humanCheck } from "./turnstile-widget";

/** Turnstile's site key, or null when it is off (or the config could not be read: the form then works as before). */
const turnstileSiteKey = (): Promise<string | null> =>
  apiBody("/api/config", AppConfigBodySchema).then(
    (body) => body.data.turnstile_site_key ?? null,
    () => null,
  );

export function useTurnstile() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [key, setKey] = useState<string | null>(null);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const check = useRef<HumanCheck | null>(null);

  useEffect(() => {
    let live = true;
    void turnstileSiteKey().then((found) => live && setKey(found));
    return () => {
      live = false;
    };
  }, []);

  // drawn again in the new language when the user switches; removed with the form
  useEffect(() => {
    if (!key || !host) return;
    const widget = humanCheck(host, key, language);
    check.current = widget;
    return () => {
      widget.remove();
      check.current = null;
    };
  }, [key, host, language]);

  return {
    /** Where the widget shows (before the submit button), or nothing when Turnstile is off. */
    widget: key ? <div ref={setHost} className="turnstile" data-testid="turnstile" /> : null,
    /** The token to send as `turnstile_token` (undefined when off or not solved). */
    token: () => check.current?.token(),
    /** After each submission: the token is single-use. */
    reset: () => check.current?.reset(),
  };
}
