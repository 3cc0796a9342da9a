// The user's paid periods (GET /auth/subscription-history): plan, start, end, price, transaction id, status (active,
// scheduled — queued after the running period —, expired, cancelled) and method. A plan whose time a higher plan
// interrupted shows twice: the part used, and its unused rest resumed after the higher plan, marked as such. Shown on
// /upgrade and in Settings > Subscription; it loads its own texts (the "plans" namespace) so it can be mounted anywhere.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { subscriptionHistoryQuery } from "./plans.queries";
import { usePlansTexts } from "./plans-texts";
import { formatDate, formatMoney } from "./prices/pricing";
import "./plans.css";

export function SubscriptionHistory() {
  const { t, i18n, ready } = usePlansTexts();
  const { t: tMain } = useTranslation();
  const history = useQuery(subscriptionHistoryQuery());
  const lang = i18n.language;

  if (!ready || history.isPending) {
    return (
      <div className="sub-history sub-history--loading" data-testid="subscription-history" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <div className="notice notice--error" role="alert" data-testid="subscription-history">
        {errorMessage(tMain, history.error)}
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => void history.refetch()}>
          {tMain("common.retry")}
        </button>
      </div>
    );
  }
  const rows = history.data;
  if (rows.length === 0) {
    return (
      <p className="sub-history__empty" data-testid="subscription-history" data-count="0">
        {t("history.empty")}
      </p>
    );
  }
  return (
    <div className="sub-history" data-testid="subscription-history" data-count={rows.length}>
      <table className="sub-history__table">
        <caption className="visually-hidden">{t("history.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("history.plan")}</th>
            <th scope="col">{t("history.start")}</th>
            <th scope="col">{t("history.end")}</th>
            <th scope="col">{t("history.price")}</th>
            <th scope="col">{t("history.transaction")}</th>
            <th scope="col">{t("history.status")}</th>
            <th scope="col">{t("history.method")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr
              key={s.id}
              data-testid="subscription-row"
              data-plan={s.plan}
              data-status={s.status}
              data-resumed={s.resumed}
            >
              <td data-label={t("history.plan")}>
                <span>
                  {t(`packages.${s.plan}`)}
                  {s.resumed ? <span className="sub-history__note">{t("history.resumed")}</span> : null}
                </span>
              </td>
              <td data-label={t("history.start")}>{formatDate(s.start_date, lang)}</td>
              <td data-label={t("history.end")}>{formatDate(s.end_date, lang)}</td>
              <td data-label={t("history.price")}>{formatMoney(s.price, s.currency, lang)}</td>
              <td data-label={t("history.transaction")} className="sub-history__mono">
                {s.transaction_id ?? "—"}
              </td>
              <td data-label={t("history.status")}>
                <span className={`badge sub-status sub-status--${s.status}`}>{t(`history.statuses.${s.status}`)}</span>
              </td>
              <td data-label={t("history.method")}>{t(`history.methods.${s.method}`, { defaultValue: s.method })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
