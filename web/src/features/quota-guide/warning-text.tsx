// A usage warning's texts: the title, the sentence of its quota and tier, and the line for the plan (what a bigger
// plan gives, when uses come back, or the model switched to). They live in the "quota" namespace, loaded only when a
// warning shows: this component suspends until they are here.
import { useTranslation } from "react-i18next";
import type { WarningPresentation } from "../models/on-demand/usage-warning";
import { QUOTA_NS } from "./quota-i18n";

export function WarningText({ view }: { view: WarningPresentation }) {
  const { t } = useTranslation(QUOTA_NS);
  return (
    <>
      <strong>{t(view.titleKey)}</strong>
      <span data-testid="usage-warning-message">{t(view.messageKey, view.values)}</span>
      <span data-testid="usage-warning-hint">{t(view.hintKey, view.values)}</span>
    </>
  );
}
