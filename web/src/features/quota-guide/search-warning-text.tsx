// A web-search warning's texts with the plan's line (urgent, important, warning, notice; what a bigger plan gives, or
// when searches come back). Loaded with its "quota" namespace only when such a warning shows.
import { useTranslation } from "react-i18next";
import type { WarningPresentation } from "../models/usage-warning";
import { QUOTA_NS } from "./quota-i18n";

export function SearchWarningText({ view }: { view: WarningPresentation }) {
  const { t } = useTranslation(QUOTA_NS); // suspends until the texts are here
  return (
    <>
      <strong>{t(view.titleKey)}</strong>
      <span>{t(view.messageKey, view.values)}</span>
      {view.hintKey ? <span data-testid="usage-warning-hint">{t(view.hintKey)}</span> : null}
    </>
  );
}
