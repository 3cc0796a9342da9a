// /help: help and FAQ. The public-beta / low-cost-AI notice, the frequent questions (native disclosure widgets, so
// keyboard and screen readers work without script) with the support address under them, the changelog, and a link
// to the blog.
import { Link } from "@tanstack/react-router";
import { IconInfo } from "../ui/icons";
import { Changelog } from "./changelog";
import { useHelpTexts } from "./help-i18n";
import { useSupportEmail } from "./support-address";
import "./help.css";

/** The questions, in the order shown: help:faq.items.<key>.q and .a. */
export const FAQ_KEYS = ["what", "free", "models", "limits", "pay", "beta", "privacy", "install"] as const;

export function HelpPage() {
  const { t, ready } = useHelpTexts();
  if (!ready) return <span className="spinner" aria-hidden="true" />;
  return (
    <div className="help" data-testid="help-page">
      <h1 className="help__title">{t("title")}</h1>
      <BetaNotice />
      <section className="help__section" aria-labelledby="faq-title">
        <h2 id="faq-title" className="help__h2">
          {t("faq.title")}
        </h2>
        <div className="faq">
          {FAQ_KEYS.map((key) => (
            <details key={key} className="faq__item" data-testid={`faq-${key}`}>
              <summary className="faq__q">{t(`faq.items.${key}.q`)}</summary>
              <p className="faq__a">{t(`faq.items.${key}.a`)}</p>
            </details>
          ))}
        </div>
        <SupportContact />
      </section>
      <div className="help__section" id="changelog">
        <Changelog />
      </div>
      <p className="help__more">
        <Link to="/blog" data-testid="help-blog-link">
          {t("blogLink")}
        </Link>
      </p>
    </div>
  );
}

/** Under the questions: where to write when the answer is not there (nothing while no support address is set up). */
export function SupportContact() {
  const { t } = useHelpTexts();
  const email = useSupportEmail();
  if (!email) return null;
  return (
    <p className="help__contact" data-testid="help-contact">
      {t("contact.text")}{" "}
      <a href={`mailto:${email}`} data-testid="help-contact-link">
        {email}
      </a>
    </p>
  );
}

export function BetaNotice() {
  const { t } = useHelpTexts();
  return (
    <div className="notice notice--info help__notice" role="note" data-testid="beta-notice">
      <IconInfo size={18} />
      <div>
        <strong>{t("notice.title")}</strong>
        <p className="help__notice-text">{t("notice.text")}</p>
      </div>
    </div>
  );
}
