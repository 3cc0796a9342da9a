// The guest's home: what Mây is (a public beta of low-cost AI), the models it offers, the plans with their prices
// (from GET /payments/packages, in the visitor's language and currency) and the way in (sign up, sign in). A guest's
// first visit to '/' gets it pre-rendered (dist/client/landing.html, made at build time from this component by
// scripts/prerender-landing-plugin.ts, prices passed in as `packages`); the SPA shows it at '/' to visitors without a
// stored sign-in (its own chunk with its own texts, as light as the sign-in page). Everything works without script:
// the billing period is a pair of native radios and CSS shows the matching prices; ids come from useId, so the four
// pre-rendered languages never share one.
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "../i18n/language-select";
import { type Billing, type Packages, PAID_PLANS, formatMoney, shownPrice } from "../plans/prices/pricing";
import { IconCheck, Logo } from "../ui/icons";
import { ThemeToggle } from "../theme/theme-toggle";
import { LANDING_NS, loadLandingTexts } from "./landing-i18n";
import { FREE_MODELS, PREMIUM_MODELS } from "./landing-models";
import { usePackages } from "./use-packages";
import "./landing.css";

// The texts start loading as soon as this chunk runs, not at the first render.
void loadLandingTexts();

export function LandingPage({
  packages,
}: {
  /** The package list known beforehand (the pre-render); else fetched. */ packages?: Packages;
}) {
  const titleId = useId();
  const modelsId = useId();
  // No Suspense: until the texts are in (one small request after this chunk) the page stays blank rather than
  // showing keys.
  const { t, ready } = useTranslation(LANDING_NS, { useSuspense: false });
  if (!ready) return null;
  const year = new Date().getFullYear();
  return (
    <div className="landing" data-testid="landing-page">
      <header className="landing__nav">
        <div className="landing__brand">
          <Logo size={32} />
          <span className="landing__brand-name">Mây</span>
          <span className="badge badge--beta">Beta</span>
        </div>
        <nav className="landing__nav-actions" aria-label={t("nav.label")}>
          <LanguageSelect />
          <ThemeToggle />
          <Link to="/login" className="btn btn--ghost" data-testid="landing-sign-in">
            {t("nav.signIn")}
          </Link>
        </nav>
      </header>

      <main className="landing__main">
        <section className="landing__hero" aria-labelledby={titleId}>
          <p className="landing__badge" data-testid="landing-beta">
            {t("hero.badge")}
          </p>
          <h1 id={titleId} className="landing__title">
            {t("hero.title")}
          </h1>
          <p className="landing__lead">{t("hero.subtitle")}</p>
          <p className="landing__low-cost">{t("hero.lowCost")}</p>
          <div className="landing__cta">
            <Link to="/register" className="btn btn--primary btn--lg" data-testid="landing-sign-up">
              {t("hero.signUp")}
            </Link>
            <Link to="/login" className="btn btn--ghost btn--lg">
              {t("hero.signIn")}
            </Link>
          </div>
        </section>

        <section className="landing__section" aria-labelledby={modelsId} data-testid="landing-models">
          <h2 id={modelsId} className="landing__h2">
            {t("models.title")}
          </h2>
          <div className="landing__models">
            <ModelGroup title={t("models.free")} names={FREE_MODELS} />
            <ModelGroup title={t("models.premium")} names={PREMIUM_MODELS} />
          </div>
        </section>

        <Plans initial={packages} />
      </main>

      <footer className="landing__footer">
        <p>{t("footer.beta")}</p>
        {/* data-year: the pre-rendered page's script brings a build-time year up to date */}
        <p data-year={year}>{t("footer.rights", { year })}</p>
      </footer>
    </div>
  );
}

function ModelGroup({ title, names }: { title: string; names: readonly string[] }) {
  return (
    <div className="landing__card">
      <h3 className="landing__h3">{title}</h3>
      <ul className="landing__model-list">
        {names.map((name) => (
          <li key={name}>
            <IconCheck size={16} /> {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

const BILLINGS: readonly Billing[] = ["monthly", "yearly"];

/**
 * What a paid plan's bank transfer is, in VND, for each billing period, on a card priced in another currency (the
 * transfer is always in VND); nothing on a card already in VND.
 */
function Transfer({ plan, data }: { plan: "basic" | "advanced"; data: Packages }) {
  const { t, i18n } = useTranslation(LANDING_NS, { useSuspense: false });
  const lang = i18n.language;
  if (shownPrice(data, plan, "monthly", lang).currency === "VND") return null;
  return (
    <p className="landing__billed landing__transfer" data-testid={`landing-transfer-${plan}`}>
      {BILLINGS.map((b) => (
        <span key={b} className={`landing__when-${b}`}>
          {t(b === "monthly" ? "plans.transferMonthly" : "plans.transferYearly", {
            amount: formatMoney(shownPrice(data, plan, b, lang).chargeVnd, "VND", lang),
          })}
        </span>
      ))}
    </p>
  );
}

/**
 * Free, Basic and Advanced+ with their price per month, billed monthly or yearly (the yearly discount). Both periods'
 * prices are in the page; the checked radio decides which show (landing.css), so the switch needs no script.
 */
function Plans({ initial }: { initial?: Packages }) {
  const { t, i18n } = useTranslation(LANDING_NS, { useSuspense: false });
  const { t: tMain } = useTranslation();
  const packages = usePackages(initial);
  const id = useId();
  const lang = i18n.language;
  const data = packages.status === "ready" ? packages.data : null;

  const price = (plan: "basic" | "advanced", billing: Billing) => {
    const shown = shownPrice(data!, plan, billing, lang);
    return formatMoney(shown.perMonth, shown.currency, lang);
  };
  const priceOf = (plan: "free" | "basic" | "advanced") => {
    if (!data) return <span className="skeleton-line" aria-hidden="true" />;
    if (plan === "free") return formatMoney(0, shownPrice(data, "basic", "monthly", lang).currency, lang);
    return BILLINGS.map((b) => (
      <span key={b} className={`landing__when-${b}`}>
        {price(plan, b)}
      </span>
    ));
  };

  return (
    <section className="landing__section landing__pricing" aria-labelledby={`${id}-title`} data-testid="landing-plans">
      <h2 id={`${id}-title`} className="landing__h2">
        {t("plans.title")}
      </h2>
      <p className="landing__muted">{t("plans.subtitle")}</p>
      <fieldset className="landing__billing">
        <legend className="visually-hidden">{t("plans.billing")}</legend>
        {BILLINGS.map((b) => (
          <span key={b} className="landing__billing-option">
            <input
              type="radio"
              className="landing__billing-input visually-hidden"
              name={`${id}-billing`}
              id={`${id}-${b}`}
              value={b}
              defaultChecked={b === "monthly"}
              data-testid={`landing-billing-${b}-input`}
            />
            <label htmlFor={`${id}-${b}`} className="landing__billing-btn" data-testid={`landing-billing-${b}`}>
              {t(`plans.${b}`)}
              {b === "yearly" && data ? (
                <span className="landing__save"> {t("plans.save", { percent: data.yearly_discount_percent })}</span>
              ) : null}
            </label>
          </span>
        ))}
      </fieldset>
      {packages.status === "error" ? <p className="landing__muted">{t("plans.unavailable")}</p> : null}
      <ul className="landing__plans">
        {(["free", ...PAID_PLANS] as const).map((plan) => (
          <li
            key={plan}
            className={`landing__card landing__plan${plan === "advanced" ? " landing__plan--top" : ""}`}
            data-testid={`landing-plan-${plan}`}
          >
            <h3 className="landing__h3">{tMain(`plans.${plan}`)}</h3>
            <p className="landing__price" data-testid={`landing-price-${plan}`}>
              {priceOf(plan)}
              <span className="landing__per">{t("plans.perMonth")}</span>
            </p>
            {plan !== "free" ? <p className="landing__billed landing__when-yearly">{t("plans.billedYearly")}</p> : null}
            {plan !== "free" && data ? <Transfer plan={plan} data={data} /> : null}
            <p>{t(`plans.${plan}Text`)}</p>
          </li>
        ))}
      </ul>
      <Link to="/register" className="btn btn--primary btn--lg landing__plans-cta">
        {t("hero.signUp")}
      </Link>
    </section>
  );
}
