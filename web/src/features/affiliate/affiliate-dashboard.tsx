// /affiliate: the affiliate programme (beta). Before joining: what it is and a join button. After: the referral link
// and code to copy, clicks, sign-ups, paid referrals and earnings as the API counts them, the latest commissions,
// and the way to the FAQ.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { CopyField } from "../plans/copy-field";
import { formatDate, formatMoney } from "../plans/prices/pricing";
import { toast } from "../toast/toast.atoms";
import { affiliateKeys, dashboardQuery, joinAffiliate } from "./affiliate.queries";
import "../plans/plans.css";
import "./affiliate.css";
import { usePlansTexts } from "../plans/plans-texts";
import { FAQ_HASH } from "./faq-search";

export function AffiliateDashboard() {
  const { t, i18n, ready } = usePlansTexts();
  const { t: tMain } = useTranslation();
  const qc = useQueryClient();
  const dashboard = useQuery(dashboardQuery());
  const join = useMutation({
    mutationFn: joinAffiliate,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: affiliateKeys.dashboard }),
        qc.invalidateQueries({ queryKey: ["auth", "me"] }),
      ]),
    onError: (err) => toast.error(`${t("affiliate.joinFailed")} ${errorMessage(tMain, err)}`),
  });
  const lang = i18n.language;
  const d = dashboard.data;

  if (!ready) return <span className="spinner" aria-hidden="true" />;
  return (
    <div className="affiliate" data-testid="affiliate-page">
      <header className="affiliate__head">
        <h1 className="affiliate__title">
          {t("affiliate.title")} <span className="badge badge--beta">Beta</span>
        </h1>
        <p className="affiliate__subtitle">
          {t("affiliate.subtitle", { percent: d ? Math.round(d.commission_rate * 100) : 20 })}
        </p>
        <a href={`#${FAQ_HASH}`} className="btn btn--ghost btn--sm" data-testid="affiliate-faq-link">
          {t("affiliate.faq")}
        </a>
      </header>

      {dashboard.isPending ? <span className="spinner" aria-hidden="true" /> : null}
      {dashboard.isError ? (
        <div className="notice notice--error" role="alert">
          {errorMessage(tMain, dashboard.error)}
        </div>
      ) : null}

      {d && !d.joined ? (
        <section className="affiliate-card affiliate-join" data-testid="affiliate-join-section">
          <h2 className="affiliate-card__title">{t("affiliate.joinTitle")}</h2>
          <ol className="affiliate-steps">
            <li>{t("affiliate.step1")}</li>
            <li>{t("affiliate.step2")}</li>
            <li>{t("affiliate.step3", { percent: Math.round(d.commission_rate * 100) })}</li>
          </ol>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="affiliate-join"
            disabled={join.isPending}
            onClick={() => join.mutate()}
          >
            {join.isPending ? tMain("common.loading") : t("affiliate.join")}
          </button>
        </section>
      ) : null}

      {d?.joined && d.referral_link && d.affiliate_code ? (
        <>
          <section className="affiliate-card" aria-labelledby="affiliate-link-title">
            <h2 id="affiliate-link-title" className="affiliate-card__title">
              {t("affiliate.yourLink")}
            </h2>
            <dl className="pay__fields">
              <CopyField label={t("affiliate.link")} value={d.referral_link} testId="referral-link" />
              <CopyField label={t("affiliate.code")} value={d.affiliate_code} testId="affiliate-code" />
            </dl>
            <p className="affiliate__hint">{t("affiliate.linkHint")}</p>
          </section>
          <section className="affiliate-stats" aria-label={t("affiliate.stats")} data-testid="affiliate-stats">
            <Stat label={t("affiliate.clicks")} value={String(d.clicks)} testId="stat-clicks" />
            <Stat label={t("affiliate.signups")} value={String(d.signups)} testId="stat-signups" />
            <Stat label={t("affiliate.paidReferrals")} value={String(d.paid_referrals)} testId="stat-paid" />
            <Stat
              label={t("affiliate.earnings")}
              value={formatMoney(d.earnings, d.currency, lang)}
              testId="stat-earnings"
            />
            <Stat
              label={t("affiliate.pending")}
              value={formatMoney(d.pending_earnings, d.currency, lang)}
              testId="stat-pending"
            />
          </section>
          <section className="affiliate-card" aria-labelledby="affiliate-commissions-title">
            <h2 id="affiliate-commissions-title" className="affiliate-card__title">
              {t("affiliate.commissions")}
            </h2>
            {d.recent_commissions.length === 0 ? (
              <p className="affiliate__hint">{t("affiliate.noCommissions")}</p>
            ) : (
              <table className="sub-history__table" data-testid="affiliate-commissions">
                <thead>
                  <tr>
                    <th scope="col">{t("affiliate.date")}</th>
                    <th scope="col">{t("affiliate.orderAmount")}</th>
                    <th scope="col">{t("affiliate.commission")}</th>
                    <th scope="col">{t("history.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.recent_commissions.map((c, i) => (
                    <tr key={`${c.created_at ?? ""}-${i}`}>
                      <td data-label={t("affiliate.date")}>{formatDate(c.created_at, lang)}</td>
                      <td data-label={t("affiliate.orderAmount")}>{formatMoney(c.order_amount, d.currency, lang)}</td>
                      <td data-label={t("affiliate.commission")}>
                        {formatMoney(c.commission, d.currency, lang)} ({Math.round(c.rate * 100)}%)
                      </td>
                      <td data-label={t("history.status")}>{t(`affiliate.statuses.${c.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="affiliate-stat">
      <div className="affiliate-stat__value" data-testid={testId}>
        {value}
      </div>
      <div className="affiliate-stat__label">{label}</div>
    </div>
  );
}
