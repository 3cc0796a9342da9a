// "Contact support" on the FAQ screens: an email to the support team, with the subject filled in.
import { usePlansTexts } from "../plans/plans-texts";

/** Where affiliate questions go. Set to the operator's real support address before launch. */
export const SUPPORT_EMAIL = "support@may.example";

export function SupportLink() {
  const { t } = usePlansTexts();
  return (
    <a className="btn btn--ghost btn--sm" data-testid="faq-contact" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t("faq.supportSubject"))}`}>
      {t("faq.contact")}
    </a>
  );
}
