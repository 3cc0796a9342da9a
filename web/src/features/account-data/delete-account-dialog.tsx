// The "Delete my account" dialog: the user proves it is them (the password, or for an account without one a fresh
// Google or Facebook sign-in of a linked account, social-reauth.ts) and types the confirmation word before the red
// button enables. A wrong password is said under its field; on success this tab forgets the user and lands on '/'
// (leave-deleted-account.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { SOCIAL_PROVIDERS, type SocialProvider } from "../../../../worker/protocol/settings";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { Field } from "../auth/field";
import { socialConfigQuery } from "../settings/settings.queries";
import { PROVIDER_NAMES, providerIdOf, reauthenticate } from "../settings/social-reauth";
import { Dialog } from "../ui/signed-in/dialog-on-demand";
import { ACCOUNT_DATA_TEXTS } from "./account-data-texts";
import { type DeletionProof, deleteAccount } from "./account-deletion.api";
import { holdDeletedLogout, leaveDeletedAccount } from "./leave-deleted-account";

/** `text` as compared with the confirmation word: without accents (XÓA, XOÁ and xoa alike), spaces or case. */
const bare = (text: string, language: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, "").toLocaleUpperCase(language);

/** Whether `typed` is the confirmation word of the user's language, or the English one (any keyboard can type it). */
export function confirmsDeletion(typed: string, word: string, language: string): boolean {
  const value = bare(typed, language);
  return value !== "" && (value === bare(word, language) || value === "DELETE");
}

export function DeleteAccountDialog({
  open,
  onClose,
  hasPassword,
  linkedProviders,
}: {
  open: boolean;
  onClose: () => void;
  hasPassword: boolean;
  linkedProviders: SocialProvider[];
}) {
  const { t } = useTranslation(ACCOUNT_DATA_TEXTS);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!busy}
      role="alertdialog"
      title={t("delete.dialogTitle")}
      description={t("delete.dialogMessage")}
      testId="delete-account-dialog"
    >
      {/* rendered only while open: a new opening starts empty */}
      <DeleteForm onClose={onClose} onBusy={setBusy} hasPassword={hasPassword} linkedProviders={linkedProviders} />
    </Dialog>
  );
}

function DeleteForm({
  onClose,
  onBusy,
  hasPassword,
  linkedProviders,
}: {
  onClose: () => void;
  onBusy: (busy: boolean) => void;
  hasPassword: boolean;
  linkedProviders: SocialProvider[];
}) {
  const { t, i18n } = useTranslation(ACCOUNT_DATA_TEXTS);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useQuery({ ...socialConfigQuery(), enabled: !hasPassword });
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  const [socialError, setSocialError] = useState<string | null>(null);
  /** The provider being asked, then whose credential the deletion carries. */
  const [via, setVia] = useState<SocialProvider | null>(null);
  const [asking, setAsking] = useState(false);

  const remove = useMutation({
    mutationFn: async (proof: DeletionProof) => {
      onBusy(true);
      const release = holdDeletedLogout();
      try {
        await deleteAccount(proof);
      } catch (err) {
        release(true);
        onBusy(false);
        throw err;
      }
      try {
        await leaveDeletedAccount({
          queryClient,
          goHome: () => navigate({ to: "/", replace: true }),
          message: t("delete.deleted"),
        });
      } finally {
        // this tab's socket is closed by now (the signed-in screens are gone): nothing more to hold back
        release(false);
      }
    },
  });

  const word = t("delete.word");
  const confirmed = confirmsDeletion(typed, word, i18n.language);
  const pending = remove.isPending || asking;
  const error = remove.error;
  const passwordError =
    error instanceof ApiError && (error.code === "incorrect_password" || error.field === "password")
      ? errorMessage(t, error)
      : undefined;
  const otherError = error && !passwordError ? errorMessage(t, error) : socialError;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!hasPassword || !confirmed || !password || pending) return;
    remove.mutate({ password });
  };

  const confirmWith = async (provider: SocialProvider, id: string) => {
    remove.reset();
    setSocialError(null);
    setVia(provider);
    setAsking(true);
    const got = await reauthenticate(provider, id);
    setAsking(false);
    if ("credential" in got) remove.mutate({ provider, credential: got.credential });
    else if (got.failure !== "cancelled")
      setSocialError(
        t(got.failure === "sdk_missing" ? "delete.sdkMissing" : "delete.socialFailed", {
          provider: PROVIDER_NAMES[provider],
        }),
      );
  };

  // an account without a password confirms with a sign-in it is linked to and this server offers
  const offered = SOCIAL_PROVIDERS.flatMap((provider) => {
    const id = providerIdOf(provider, config.data);
    return id && linkedProviders.includes(provider) ? [{ provider, id }] : [];
  });

  return (
    <form className="settings-form delete-account__form" onSubmit={onSubmit} noValidate>
      {otherError ? (
        <div className="notice notice--error" role="alert" data-testid="delete-account-error">
          {otherError}
        </div>
      ) : null}
      {hasPassword ? (
        <Field
          label={t("delete.password")}
          name="delete-account-password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(e) => {
            setPassword(e.target.value);
            if (remove.isError) remove.reset();
          }}
          data-testid="delete-account-password"
          autoFocus
        />
      ) : null}
      <Field
        label={t("delete.confirmLabel", { word })}
        name="delete-account-confirm"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        data-testid="delete-account-confirm"
        autoFocus={!hasPassword}
      />
      {hasPassword ? null : (
        <>
          <p className="settings-hint">
            {offered.length || config.isPending ? t("delete.socialHint") : t("delete.noSocial")}
          </p>
          <div className="delete-account__social">
            {offered.map(({ provider, id }) => (
              <button
                key={provider}
                type="button"
                className="btn btn--danger"
                disabled={!confirmed || pending}
                onClick={() => void confirmWith(provider, id)}
                data-testid={`delete-account-confirm-${provider}`}
              >
                {pending && via === provider ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
                {t("delete.confirmWith", { provider: PROVIDER_NAMES[provider] })}
              </button>
            ))}
          </div>
        </>
      )}
      <div className="dialog__footer">
        <button type="button" className="btn btn--ghost" onClick={onClose} disabled={pending}>
          {t("common.cancel")}
        </button>
        {hasPassword ? (
          <button
            type="submit"
            className="btn btn--danger"
            disabled={!confirmed || !password || pending}
            data-testid="delete-account-submit"
          >
            {remove.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {t("delete.submit")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
