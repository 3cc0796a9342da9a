// The bank-transfer payment dialog: creates the order, shows its VietQR code with the amount, the account and the
// order code as transfer memo (each copyable), waits for the bank with a timer, then says paid and upgrade success
// and closes itself after a countdown. 'Error generating QR' (with what went wrong) offers to try again.
import { useQuery } from "@tanstack/react-query";
import type { PackageType } from "../../../../worker/protocol/payments";
import { Dialog } from "../ui/dialog";
import { ERRORS_NS } from "../../lib/i18n";
import { IconError, IconSuccess } from "../ui/icons";
import { CopyField } from "./copy-field";
import { formatClock, QR_DRAW_FAILED, verifyingClock } from "./payment-flow";
import { premiumInfoQuery } from "./plans.queries";
import { formatDate, formatMoney } from "./prices/pricing";
import { QrImage } from "./qr-image";
import { usePaymentFlow } from "./use-payment-flow";
import { usePlansTexts } from "./plans-texts";

export function PaymentDialog({ packageType, onClose }: { packageType: PackageType; onClose: () => void }) {
  const { t, i18n } = usePlansTexts();
  const lang = i18n.language;
  const premium = useQuery(premiumInfoQuery());
  const { state, retry, drawFailed } = usePaymentFlow({
    packageType,
    onDone: onClose,
    planVersion: premium.data?.premium_end ?? null,
  });
  const vnd = (n: number) => formatMoney(n, "VND", lang);

  const title =
    state.phase === "error"
      ? t("payment.errorTitle")
      : state.phase === "success"
        ? t("payment.successTitle")
        : state.phase === "paid"
          ? t("payment.paidTitle")
          : state.phase === "expired"
            ? t("payment.expiredTitle")
            : t("payment.title", { package: t(`packages.${packageType}`) });

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="md"
      testId="payment-dialog"
      icon={state.phase === "error" ? <IconError size={22} /> : undefined}
    >
      <div className="pay" data-testid="payment-state" data-phase={state.phase} aria-live="polite">
        {state.phase === "generating" ? (
          <div className="pay__center">
            <span className="spinner" aria-hidden="true" />
            <p>{t("payment.generating")}</p>
          </div>
        ) : null}

        {state.phase === "verifying" ? (
          <>
            <p className="pay__lead">{t("payment.scan")}</p>
            <div className="pay__body">
              <QrImage
                payload={state.payment.qr_payload}
                alt={t("payment.qrAlt", { amount: vnd(state.payment.amount), account: state.payment.account_number })}
                onError={drawFailed}
              />
              <dl className="pay__fields">
                <CopyField label={t("payment.bank")} value={state.payment.bank_name} testId="payment-bank" />
                <CopyField
                  label={t("payment.accountNumber")}
                  value={state.payment.account_number}
                  testId="payment-account"
                />
                <CopyField
                  label={t("payment.accountName")}
                  value={state.payment.account_name}
                  testId="payment-account-name"
                />
                <CopyField
                  label={t("payment.amount")}
                  value={String(state.payment.amount)}
                  shown={vnd(state.payment.amount)}
                  testId="payment-amount"
                />
                <CopyField label={t("payment.memo")} value={state.payment.memo} testId="payment-memo" />
              </dl>
            </div>
            <p className="pay__hint">{t("payment.memoHint")}</p>
            <VerifyingTimer state={state} />
          </>
        ) : null}

        {state.phase === "paid" ? (
          <div className="pay__center" data-testid="payment-paid">
            <IconSuccess size={40} className="pay__ok" />
            <p>{t("payment.paidDetail")}</p>
          </div>
        ) : null}

        {state.phase === "success" ? (
          <div className="pay__center" data-testid="payment-success">
            <IconSuccess size={48} className="pay__ok" />
            <p>
              {t("payment.successDetail", {
                package: t(`packages.${state.order.package_type}`),
                date: formatDate(premium.data?.premium_end ?? null, lang),
              })}
            </p>
            <p className="pay__muted" data-testid="payment-countdown">
              {t("payment.closingIn", { count: state.secondsLeft })}
            </p>
          </div>
        ) : null}

        {state.phase === "expired" ? (
          <div className="pay__center">
            <p>{t("payment.expiredDetail")}</p>
          </div>
        ) : null}

        {state.phase === "error" ? (
          <div className="notice notice--error" role="alert" data-testid="payment-error">
            <span>
              {state.code === QR_DRAW_FAILED
                ? t("payment.drawFailed")
                : t(state.code, {
                    ns: ERRORS_NS,
                    defaultValue: t("errors.unknown", { ns: "translation" }),
                  })}
            </span>
          </div>
        ) : null}
      </div>
      <div className="dialog__footer">
        {state.phase === "error" || state.phase === "expired" ? (
          <button type="button" className="btn btn--primary" data-testid="payment-retry" onClick={retry}>
            {t("payment.retry")}
          </button>
        ) : null}
        <button
          type="button"
          className={state.phase === "success" ? "btn btn--primary" : "btn btn--ghost"}
          data-testid="payment-close"
          onClick={onClose}
        >
          {state.phase === "success" ? t("payment.done") : t("payment.close")}
        </button>
      </div>
    </Dialog>
  );
}

function VerifyingTimer({ state }: { state: Parameters<typeof verifyingClock>[0] }) {
  const { t } = usePlansTexts();
  const clock = verifyingClock(state);
  return (
    <div className="pay__timer" data-testid="payment-timer" role="timer">
      <span className="spinner spinner--sm" aria-hidden="true" />
      <span>
        {t("payment.waiting")}{" "}
        {clock.kind === "left"
          ? t("payment.expiresIn", { time: formatClock(clock.seconds) })
          : t("payment.elapsed", { time: formatClock(clock.seconds) })}
      </span>
    </div>
  );
}
