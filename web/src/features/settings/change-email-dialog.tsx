// The change-email dialog: enter the new address → a 6-digit code is mailed to it (valid 10 minutes, 5 tries, sent
// again after 60 s) → enter the code → the email is updated. Cancel drops the pending change on the server. A change
// already pending when the dialog opens resumes at the code step.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import type { EmailChangeState } from "../../../../worker/protocol/accounts";
import { authKeys } from "../auth/signed-in/auth.queries";
import { Field } from "../auth/auth-page";
import { toast } from "../toast/toast.atoms";
import { Dialog } from "../ui/dialog";
import { cancelEmailChange, requestEmailChange, verifyEmailCode } from "./settings.api";
import { emailChangeQuery, settingsKeys } from "./settings.queries";
import { useCountdown } from "./use-countdown";
import { codeInput, validateCode, validateNewEmail } from "./validation";

type Pending = Extract<EmailChangeState, { pending: true }>;
type Step = { name: "enter" } | { name: "code"; pending: Pending } | { name: "updated"; email: string };

/** Server refusals that have their own sentence; anything else gets the generic failure text. */
const SPECIFIC = new Set([
  "email_taken",
  "rate_limited",
  "invalid_code",
  "too_many_attempts",
  "verification_expired",
  "mail_not_configured",
  "invalid_input",
]);

export function ChangeEmailDialog({
  open,
  onClose,
  currentEmail,
}: {
  open: boolean;
  onClose: () => void;
  currentEmail: string;
}) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const state = useQuery({ ...emailChangeQuery(), enabled: open });
  const [step, setStep] = useState<Step>({ name: "enter" });
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resendIn = useCountdown(step.name === "code" ? step.pending.resend_available_at : null);

  // Once per opening, when the server's state is known: resume a pending change at the code step.
  const resumed = useRef(false);
  useEffect(() => {
    if (!open) {
      resumed.current = false;
      return;
    }
    if (resumed.current || !state.data) return;
    resumed.current = true;
    setError(null);
    setCode("");
    setStep(state.data.pending ? { name: "code", pending: state.data } : { name: "enter" });
  }, [open, state.data]);

  const failure = (err: unknown, generic: string) => {
    if (err instanceof ApiError && err.code === "invalid_code") {
      const left = Number(err.details?.attempts_left);
      return Number.isFinite(left) ? t("email.wrongCode", { count: left }) : errorMessage(tc, err);
    }
    return err instanceof ApiError && SPECIFIC.has(err.code) ? errorMessage(tc, err) : generic;
  };

  const send = async (address: string) => {
    setBusy(true);
    setError(null);
    try {
      const pending = await requestEmailChange(address);
      if (pending.pending) setStep({ name: "code", pending });
      qc.setQueryData(settingsKeys.emailChange, pending);
      setCode("");
    } catch (err) {
      setError(failure(err, t("email.sendFailed")));
    } finally {
      setBusy(false);
    }
  };

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    const rule = validateNewEmail(email, currentEmail);
    if (rule) return setError(t(rule));
    void send(email.trim());
  };

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    const rule = validateCode(code);
    if (rule) return setError(t(rule));
    setBusy(true);
    setError(null);
    try {
      const done = await verifyEmailCode(code.trim());
      setStep({ name: "updated", email: done.email });
      qc.setQueryData(settingsKeys.emailChange, { pending: false });
      await qc.invalidateQueries({ queryKey: authKeys.me });
    } catch (err) {
      setError(failure(err, t("email.verifyFailed")));
      if (err instanceof ApiError && err.code === "invalid_code") {
        const left = Number(err.details?.attempts_left);
        if (step.name === "code" && Number.isFinite(left))
          setStep({ name: "code", pending: { ...step.pending, attempts_left: left } });
      }
    } finally {
      setBusy(false);
    }
  };

  const onCancel = async () => {
    if (step.name === "code") {
      await cancelEmailChange().catch(() => {});
      qc.setQueryData(settingsKeys.emailChange, { pending: false });
      toast.info(t("email.cancelled"));
    }
    setStep({ name: "enter" });
    setEmail("");
    onClose();
  };

  const errorBox = error ? (
    <div className="notice notice--error" role="alert" data-testid="email-error">
      {error}
    </div>
  ) : null;

  return (
    <Dialog open={open} onClose={() => void onCancel()} title={t("email.title")} testId="change-email-dialog" size="md">
      {step.name === "enter" ? (
        <form className="settings-form" onSubmit={onSend} noValidate>
          <p className="settings-hint">{t("email.enterHint", { email: currentEmail })}</p>
          {errorBox}
          <Field
            label={t("email.newEmail")}
            name="new-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
          <div className="dialog__footer">
            <button type="button" className="btn btn--ghost" onClick={() => void onCancel()}>
              {tc("common.cancel")}
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy} data-testid="email-send-code">
              {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
              {t("email.sendCode")}
            </button>
          </div>
        </form>
      ) : step.name === "code" ? (
        <form className="settings-form" onSubmit={(e) => void onVerify(e)} noValidate>
          <p className="settings-hint" data-testid="email-code-sent">
            {t("email.codeSent", { email: step.pending.newEmail })}
          </p>
          {errorBox}
          <Field
            label={t("email.code")}
            name="email-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(codeInput(e.target.value))}
            autoFocus
          />
          <p className="settings-hint">{t("email.attemptsLeft", { count: step.pending.attempts_left })}</p>
          <div className="dialog__footer">
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy || resendIn > 0}
              data-testid="email-resend"
              onClick={() => void send(step.pending.newEmail)}
            >
              {resendIn > 0 ? t("email.resendIn", { count: resendIn }) : t("email.resend")}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => void onCancel()} data-testid="email-cancel">
              {tc("common.cancel")}
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy} data-testid="email-verify">
              {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
              {t("email.verify")}
            </button>
          </div>
        </form>
      ) : (
        <div className="settings-form">
          <div className="notice notice--info" role="status" data-testid="email-updated">
            {t("email.updated", { email: step.email })}
          </div>
          <div className="dialog__footer">
            <button
              type="button"
              className="btn btn--primary"
              autoFocus
              onClick={() => {
                setStep({ name: "enter" });
                setEmail("");
                onClose();
              }}
            >
              {tc("common.ok")}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
