// Subscription: the current plan, when premium started and ends (GET /auth/premium-info) and a button to /upgrade
// (upgrade on Free, renew on a paid plan), then the plans feature's subscription history. Both are the plans feature's
// queries, which a plan_changed on the socket refetches (a payment, or the plan switching at a period's boundary).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { premiumInfoQuery } from "../plans/plans.queries";
import { SubscriptionHistory } from "../plans/subscription-history";
import { Section } from "./section";

function PlanSection() {
  const { t, i18n } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const info = useQuery(premiumInfoQuery());
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "long" }) : "—";

  return (
    <Section title={t("subscription.title")} testId="subscription-section">
      {info.isError ? <p className="notice notice--error">{errorMessage(tc, info.error)}</p> : null}
      {info.data ? (
        <>
          <dl className="settings-facts">
            <dt>{t("subscription.plan")}</dt>
            <dd>
              <span className={`badge badge--plan-${info.data.plan}`} data-testid="subscription-plan">
                {tc(`plans.${info.data.plan}`)}
              </span>
            </dd>
            {info.data.active ? (
              <>
                <dt>{t("subscription.started")}</dt>
                <dd>{date(info.data.premium_start)}</dd>
                <dt>{t("subscription.ends")}</dt>
                <dd data-testid="subscription-end">
                  {date(info.data.premium_end)} · {t("subscription.daysLeft", { count: info.data.days_left })}
                </dd>
                {info.data.next_plan ? (
                  <>
                    <dt>{t("subscription.next")}</dt>
                    <dd data-testid="subscription-next" data-plan={info.data.next_plan}>
                      {t("subscription.nextFrom", {
                        plan: tc(`plans.${info.data.next_plan}`),
                        date: date(info.data.next_plan_at),
                      })}
                    </dd>
                  </>
                ) : null}
              </>
            ) : info.data.premium_end ? (
              <>
                <dt>{t("subscription.ended")}</dt>
                <dd data-testid="subscription-end">{date(info.data.premium_end)}</dd>
              </>
            ) : null}
          </dl>
          <Link to="/upgrade" className="btn btn--primary" data-testid="subscription-upgrade">
            {info.data.active ? t("subscription.renew") : t("upgrade")}
          </Link>
        </>
      ) : info.isPending ? (
        <div className="spinner" role="status" aria-label={tc("common.loading")} />
      ) : null}
    </Section>
  );
}

export function SubscriptionTab() {
  return (
    <>
      <PlanSection />
      <SubscriptionHistory />
    </>
  );
}
