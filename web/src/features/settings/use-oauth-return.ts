// Back from a connected app's consent screen, the worker's callback lands on /settings?tab=apps&connected=<app> or
// &error=<code>: say how it went once, then drop the flags from the URL. Read here rather than in the route's search
// rule, which is part of the main bundle every page loads.
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { ConnectedAppSchema } from "../../../../worker/protocol/settings";
import { toast } from "../toast/toast.atoms";
import type { SettingsTab } from "./tabs";

const ReturnSchema = v.object({
  connected: v.fallback(v.optional(ConnectedAppSchema), undefined),
  error: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,60}$/))), undefined),
});

export function useOAuthReturn(tab: SettingsTab) {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const { connected, error } = v.parse(ReturnSchema, {
      connected: params.get("connected") ?? undefined,
      error: params.get("error") ?? undefined,
    });
    if (!connected && !error) return;
    if (connected) toast.success(t("apps.connectedToast"));
    else toast.error(t("apps.failedToast"));
    void navigate({ to: "/settings", search: { tab }, replace: true });
  }, [navigate, t, tab]);
}
