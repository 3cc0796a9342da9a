// The forced-logout popup: says why (logged in on another device, session expired, ...) in the user's language,
// then logs out when acknowledged.
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "../auth/auth-texts";
import { Dialog } from "../ui/dialog";
import { IconWarning } from "../ui/icons";
import { finishForcedLogout, forcedLogoutAtom } from "./forced-logout.atoms";

export function ForcedLogoutDialog() {
  // its texts are the sign-in pages' (suspends, in the on-demand host's Suspense, until they are in)
  const { t } = useTranslation(AUTH_TEXTS);
  const state = useAtomValue(forcedLogoutAtom);
  const message = state?.reason
    ? t(`forcedLogout.reasons.${state.reason}`)
    : (state?.message ?? t("forcedLogout.reasons.expired"));
  return (
    <Dialog
      open={state !== null}
      onClose={() => finishForcedLogout()}
      role="alertdialog"
      dismissible={false}
      testId="forced-logout-dialog"
      title={t("forcedLogout.title")}
      description={
        <span data-testid="forced-logout-message" data-reason={state?.reason ?? ""}>
          {message}
        </span>
      }
      icon={<IconWarning size={22} />}
      footer={
        <button
          type="button"
          className="btn btn--primary"
          data-testid="forced-logout-ok"
          autoFocus
          onClick={() => finishForcedLogout()}
        >
          {t("forcedLogout.ok")}
        </button>
      }
    />
  );
}
