// The signed-in devices (Settings > Security): each with its browser and system, when it signed in and when it was
// last seen; any other device can be ended, or all of them at once. An ended device is pushed out live by its socket.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { confirm } from "../ui/confirm.atoms";
import { Section } from "./section";
import { endSession } from "./settings.api";
import { sessionsQuery, settingsKeys } from "./settings.queries";
import { describeDevice } from "./validation";

export function SessionsSection() {
  const { t, i18n } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const end = useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await endSession(id);
    },
    onSuccess: (_d, ids) => toast.success(t("sessions.ended", { count: ids.length })),
    onError: (err) => toast.error(errorMessage(tc, err)),
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : "—");
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const endAll = async () => {
    const ok = await confirm({
      title: t("sessions.endAllTitle"),
      message: t("sessions.endAllMessage", { count: others.length }),
      confirmLabel: t("sessions.endAll"),
      cancelLabel: tc("common.cancel"),
      danger: true,
    });
    if (ok) end.mutate(others.map((s) => s.id));
  };

  return (
    <Section title={t("sessions.title")} description={t("sessions.description")} testId="sessions-section">
      {sessions.isPending ? <div className="spinner" role="status" aria-label={tc("common.loading")} /> : null}
      {sessions.isError ? <p className="notice notice--error">{errorMessage(tc, sessions.error)}</p> : null}
      <ul className="settings-list">
        {(sessions.data ?? []).map((s) => {
          const d = describeDevice(s.user_agent);
          const device =
            d.browser && d.os
              ? t("sessions.browserOn", { browser: d.browser, os: d.os })
              : (d.browser ?? d.os ?? t("sessions.unknownDevice"));
          return (
            <li
              key={s.id}
              className="settings-list__item"
              data-testid="session-row"
              data-current={s.current || undefined}
            >
              <div className="settings-list__main">
                <div className="settings-list__title">
                  {device}
                  {s.current ? <span className="badge badge--muted">{t("sessions.thisDevice")}</span> : null}
                </div>
                <div className="settings-list__meta">
                  {t("sessions.lastSeen", { when: when(s.last_seen_at) })} ·{" "}
                  {t("sessions.signedIn", { when: when(s.created_at) })}
                </div>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className="btn btn--sm btn--danger"
                  disabled={end.isPending}
                  data-testid="session-end"
                  aria-label={t("sessions.endLabel", { device })}
                  onClick={() => end.mutate([s.id])}
                >
                  {t("sessions.end")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 1 ? (
        <button
          type="button"
          className="btn btn--sm btn--danger"
          disabled={end.isPending}
          onClick={() => void endAll()}
          data-testid="sessions-end-all"
        >
          {t("sessions.endAll")}
        </button>
      ) : null}
    </Section>
  );
}
