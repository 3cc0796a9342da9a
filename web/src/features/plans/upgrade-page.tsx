// /upgrade: Free, Basic and Advanced+ side by side with what each offers, a monthly/yearly switch (yearly 20% off),
// the prices in the user's language and currency, the user's plan marked, and the bank-transfer payment dialog for
// the package picked. The subscription history follows below.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PackageType, PremiumInfo } from "../../../../worker/protocol/payments";
import { errorMessage } from "../../lib/error-message";
import type { Plan } from "../auth/every-page/auth.schemas";
import { IconCheck } from "../ui/icons";
import { PaymentDialog } from "./payment-dialog";
import { PLAN_FEATURES, PLANS } from "./plan-features";
import { packagesQuery, premiumInfoQuery } from "./plans.queries";
import {
  type Billing,
  formatDate,
  formatMoney,
  type Packages,
  packageTypeFor,
  planAction,
  shownPrice,
} from "./prices/pricing";
import { SubscriptionHistory } from "./subscription-history";
import "./plans.css";

const DAY_MS = 24 * 60 * 60 * 1000;
import { usePlansTexts } from "./plans-texts";

export function UpgradePage() {
  const { t, i18n, ready } = usePlansTexts();
  const { t: tMain } = useTranslation();
  const packages = useQuery(packagesQuery());
  const premium = useQuery(premiumInfoQuery());
  const [paying, setPaying] = useState<PackageType | null>(null);
  const [billing, setBilling] = useState<Billing>("monthly");
  const current: Plan = premium.data?.plan ?? "free";
  const lang = i18n.language;

  if (!ready) return <span className="spinner" aria-hidden="true" />;
  return (
    <div className="upgrade" data-testid="upgrade-page">
      <header className="upgrade__head">
        <h1 className="upgrade__title">{t("upgrade.title")}</h1>
        <p className="upgrade__subtitle">{t("upgrade.subtitle")}</p>
        <p className="upgrade__current">
          {t("upgrade.currentPlan")}{" "}
          <span className={`badge badge--plan-${current}`} data-testid="current-plan" data-plan={current}>
            {tMain(`plans.${current}`)}
          </span>
          {premium.data?.active && premium.data.premium_end ? <PremiumUntil info={premium.data} lang={lang} /> : null}
        </p>
        <BillingToggle
          billing={billing}
          onChange={setBilling}
          saving={packages.data?.yearly_discount_percent ?? null}
        />
      </header>

      {packages.isError ? (
        <div className="notice notice--error" role="alert">
          {errorMessage(tMain, packages.error)}
          <button type="button" className="btn btn--sm btn--ghost" onClick={() => void packages.refetch()}>
            {tMain("common.retry")}
          </button>
        </div>
      ) : null}

      <div className="plan-grid" role="list">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            current={current}
            billing={billing}
            data={packages.data}
            onBuy={(type) => setPaying(type)}
          />
        ))}
      </div>
      <p className="upgrade__note">{t("upgrade.paymentNote")}</p>

      <section className="upgrade__history" aria-labelledby="subscription-history-title">
        <h2 id="subscription-history-title" className="upgrade__h2">
          {t("history.title")}
        </h2>
        <SubscriptionHistory />
      </section>

      {paying ? <PaymentDialog key={paying} packageType={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}

function BillingToggle({
  billing,
  onChange,
  saving,
}: {
  billing: Billing;
  onChange: (b: Billing) => void;
  saving: number | null;
}) {
  const { t } = usePlansTexts();
  const options: Billing[] = ["monthly", "yearly"];
  return (
    <div className="billing-toggle" role="radiogroup" aria-label={t("upgrade.billing")}>
      {options.map((b) => (
        <button
          key={b}
          type="button"
          role="radio"
          aria-checked={billing === b}
          tabIndex={billing === b ? 0 : -1}
          className={`billing-toggle__option${billing === b ? " is-active" : ""}`}
          data-testid={`billing-${b}`}
          onClick={() => onChange(b)}
          onKeyDown={(e) => {
            if (e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "ArrowUp" || e.key === "ArrowDown") {
              e.preventDefault();
              const next = billing === "monthly" ? "yearly" : "monthly";
              onChange(next);
              requestAnimationFrame(() =>
                e.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-testid=billing-${next}]`)?.focus(),
              );
            }
          }}
        >
          {t(`upgrade.${b}`)}
          {b === "yearly" && saving !== null ? (
            <span className="billing-toggle__save">{t("upgrade.save", { percent: saving })}</span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

function PlanCard({
  plan,
  current,
  billing,
  data,
  onBuy,
}: {
  plan: Plan;
  current: Plan;
  billing: Billing;
  data: Packages | undefined;
  onBuy: (type: PackageType) => void;
}) {
  const { t, i18n } = usePlansTexts();
  const { t: tMain } = useTranslation();
  const lang = i18n.language;
  const action = planAction(current, plan);
  const price = plan !== "free" && data ? shownPrice(data, plan, billing, lang) : null;
  const titleId = `plan-${plan}-title`;

  return (
    <article
      className={`plan-card plan-card--${plan}${action === "current" ? " is-current" : ""}`}
      role="listitem"
      aria-labelledby={titleId}
      data-testid={`plan-card-${plan}`}
      data-current={action === "current" ? "true" : "false"}
    >
      <div className="plan-card__top">
        <h2 id={titleId} className="plan-card__name">
          {tMain(`plans.${plan}`)}
        </h2>
        {action === "current" ? <span className="badge badge--plan-free">{t("upgrade.current")}</span> : null}
        {plan === "advanced" ? <span className="badge badge--premium">{t("upgrade.popular")}</span> : null}
      </div>
      <p className="plan-card__tagline">{t(`taglines.${plan}`)}</p>
      <div className="plan-card__price" data-testid={`plan-price-${plan}`}>
        {plan === "free" ? (
          <span className="plan-card__amount">
            {formatMoney(0, data ? shownPrice(data, "basic", billing, lang).currency : "USD", lang)}
          </span>
        ) : price ? (
          <>
            <span
              className="plan-card__amount"
              data-testid={`plan-amount-${plan}`}
              data-amount={price.perMonth}
              data-currency={price.currency}
            >
              {formatMoney(price.perMonth, price.currency, lang)}
            </span>
            <span className="plan-card__per">{t("upgrade.perMonth")}</span>
          </>
        ) : (
          <span className="plan-card__amount plan-card__amount--loading" aria-hidden="true">
            …
          </span>
        )}
      </div>
      <p className="plan-card__billed">
        {plan === "free"
          ? t("upgrade.freeForever")
          : price
            ? billing === "yearly"
              ? t("upgrade.billedYearly", { total: formatMoney(price.perPeriod, price.currency, lang) })
              : t("upgrade.billedMonthly")
            : "\u00a0"}
      </p>
      {price && price.currency !== "VND" ? (
        <p className="plan-card__charge">
          {t("upgrade.charge", { amount: formatMoney(price.chargeVnd, "VND", lang) })}
        </p>
      ) : null}
      <ul className="plan-card__features">
        {PLAN_FEATURES[plan].map((f) => (
          <li key={f}>
            <IconCheck size={16} />
            <span>{t(`features.${plan}.${f}`)}</span>
          </li>
        ))}
      </ul>
      <div className="plan-card__cta">
        {plan === "free" ? (
          <button type="button" className="btn btn--ghost btn--block" disabled>
            {action === "current" ? t("upgrade.yourPlan") : t("upgrade.included")}
          </button>
        ) : action === "included" ? (
          <button type="button" className="btn btn--ghost btn--block" disabled>
            {t("upgrade.included")}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--primary btn--block"
            data-testid={`buy-${plan}`}
            disabled={!data}
            onClick={() => data && onBuy(packageTypeFor(data, plan, billing))}
          >
            {action === "current" ? t("upgrade.renew") : t("upgrade.choose", { plan: tMain(`plans.${plan}`) })}
          </button>
        )}
      </div>
    </article>
  );
}

/**
 * Until when the plan in force runs: to the end of paid time, or, with a lower plan queued after it (Basic bought
 * during Advanced+, or Basic's days resumed after Advanced+), to the switch and then the lower plan to the end.
 */
function PremiumUntil({ info, lang }: { info: PremiumInfo; lang: string }) {
  const { t } = usePlansTexts();
  const { t: tMain } = useTranslation();
  if (!info.next_plan || !info.next_plan_at) {
    return (
      <span className="upgrade__until" data-testid="premium-until">
        {t("upgrade.until", { date: formatDate(info.premium_end, lang), count: info.days_left })}
      </span>
    );
  }
  const daysToSwitch = Math.max(0, Math.ceil((Date.parse(info.next_plan_at) - Date.now()) / DAY_MS));
  return (
    <span className="upgrade__until" data-testid="premium-until" data-next-plan={info.next_plan}>
      {t("upgrade.until", { date: formatDate(info.next_plan_at, lang), count: daysToSwitch })},{" "}
      {t("upgrade.then", { plan: tMain(`plans.${info.next_plan}`), date: formatDate(info.premium_end, lang) })}
    </span>
  );
}
