// Connected apps: a cloud drive, a mail service, a calendar and two office clouds. Connect sends the browser to the
// provider's consent screen (OAuth 2 with PKCE, started by the worker), which returns to /settings?tab=apps;
// disconnect revokes and forgets the tokens. An app the server has no OAuth client for says it is not set up. Names
// with words to translate ("OneDrive (personal)") come from the locale files by app id, others are the worker's.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ConnectedAppId } from "../../../../worker/protocol/settings";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { Section } from "./section";
import { disconnectApp, startAppConnection } from "./settings.api";
import { connectedAppsQuery, settingsKeys } from "./settings.queries";

export function AppsTab() {
  const { t, i18n } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const apps = useQuery(connectedAppsQuery());
  const connect = useMutation({
    mutationFn: startAppConnection,
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
    onError: (err) => toast.error(errorMessage(tc, err)),
  });
  const disconnect = useMutation({
    mutationFn: disconnectApp,
    onSuccess: () => toast.success(t("apps.disconnected")),
    onError: (err) => toast.error(errorMessage(tc, err)),
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKeys.apps }),
  });
  const busy = (app: ConnectedAppId) =>
    (connect.isPending && connect.variables === app) || (disconnect.isPending && disconnect.variables === app);

  return (
    <Section title={t("apps.title")} description={t("apps.hint")} testId="apps-section">
      {apps.isError ? <p className="notice notice--error">{errorMessage(tc, apps.error)}</p> : null}
      {apps.isPending ? <div className="spinner" role="status" aria-label={tc("common.loading")} /> : null}
      <ul className="settings-list">
        {(apps.data?.apps ?? []).map((a) => (
          <li key={a.app} className="settings-list__item" data-testid={`app-${a.app}`}>
            <div className="settings-list__main">
              <div className="settings-list__title">{t(`apps.names.${a.app}`, { defaultValue: a.name })}</div>
              <div className="settings-list__meta">
                {t(`apps.kinds.${a.kind}`)}
                {" · "}
                {a.connected
                  ? t("apps.connectedSince", {
                      when: a.connected_at ? new Date(a.connected_at).toLocaleDateString(i18n.language) : "—",
                    })
                  : a.available
                    ? t("apps.notConnected")
                    : t("apps.notSetUp")}
              </div>
            </div>
            {a.connected ? (
              <button
                type="button"
                className="btn btn--sm btn--ghost"
                disabled={busy(a.app)}
                onClick={() => disconnect.mutate(a.app)}
                data-testid="app-disconnect"
              >
                {t("apps.disconnect")}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn--sm"
                disabled={!a.available || busy(a.app)}
                onClick={() => connect.mutate(a.app)}
                data-testid="app-connect"
              >
                {busy(a.app) ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
                {t("apps.connect")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
