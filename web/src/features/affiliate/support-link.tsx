// "Contact support" on the FAQ screens: an email to the support team (the operator's SUPPORT_EMAIL), with the subject
// filled in; nothing while no support address is set up.
import { useSupportEmail } from "../help/support-address";
import { usePlansTexts } from "../plans/plans-texts";

export function SupportLink() {
  const { t } = usePlansTexts();
  const email = useSupportEmail();
  if (!email) return null;
  return (
    <a
      className="btn btn--ghost btn--sm"
      data-testid="faq-contact"
      href={`mailto:${email}?subject=${encodeURIComponent(t("faq.supportSubject"))}`}
    >
      {t("faq.contact")}
    </a>
  );
}
