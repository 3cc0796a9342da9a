// Settings > Security > Delete account, the danger zone: what deleting takes with it (everything but the payment
// records, kept for accounting without the user's name) and that other devices are signed out; "Delete my account"
// opens the dialog that asks for proof and a typed confirmation. Its texts are the account-data namespace.
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Section } from "../settings/section";
import { linkedAccountsQuery } from "../settings/settings.queries";
import { ACCOUNT_DATA_TEXTS } from "./account-data-texts";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** The section, shown once its texts are in (the rest of the tab does not wait for them). */
export function DeleteAccountSection() {
  return (
    <Suspense fallback={null}>
      <DeleteAccount />
    </Suspense>
  );
}

function DeleteAccount() {
  const { t } = useTranslation(ACCOUNT_DATA_TEXTS);
  const linked = useQuery(linkedAccountsQuery());
  const [open, setOpen] = useState(false);
  return (
    <Section title={t("delete.title")} testId="delete-account" tone="danger">
      <ul className="danger-zone__list">
        <li>
          <strong>{t("delete.permanent")}</strong>
        </li>
        <li>{t("delete.gone")}</li>
        <li>{t("delete.payments")}</li>
        <li>{t("delete.devices")}</li>
      </ul>
      <p className="settings-hint">{t("delete.exportFirst")}</p>
      <div>
        <button
          type="button"
          className="btn btn--danger"
          // the dialog asks for the password or a provider's sign-in: which one is known once the accounts answer
          disabled={linked.isPending}
          onClick={() => setOpen(true)}
          data-testid="delete-account-open"
        >
          {t("delete.open")}
        </button>
      </div>
      <DeleteAccountDialog
        open={open}
        onClose={() => setOpen(false)}
        hasPassword={linked.data?.has_password ?? true}
        linkedProviders={linked.data?.providers.map((p) => p.provider) ?? []}
      />
    </Section>
  );
}
