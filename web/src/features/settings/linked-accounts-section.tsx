// Linked sign-in accounts (Settings > Security): Google and Facebook, each linked (with its email) or not. Linking
// asks the provider for a credential (its script loads on click) and the account's password again, so a stolen
// session cannot add a way in; unlinking is refused for the last way to sign in (no password, one provider).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXTS } from "../auth/auth-texts";
import { SOCIAL_PROVIDERS, type SocialProvider } from "../../../../worker/protocol/settings";
import { errorMessage } from "../../lib/error-message";
import { Field } from "../auth/auth-page";
import { toast } from "../toast/toast.atoms";
import { Dialog } from "../ui/dialog";
import { Section } from "./section";
import { linkWhileSignedIn, unlinkAccount } from "./settings.api";
import { linkedAccountsQuery, settingsKeys, socialConfigQuery } from "./settings.queries";
import { PROVIDER_NAMES, providerIdOf, reauthenticate } from "./social-reauth";

const NAMES = PROVIDER_NAMES;

export function LinkedAccountsSection() {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation(AUTH_TEXTS);
  const qc = useQueryClient();
  const linked = useQuery(linkedAccountsQuery());
  const config = useQuery(socialConfigQuery());
  const [asking, setAsking] = useState<{ provider: SocialProvider; credential: string } | null>(null);
  const [starting, setStarting] = useState<SocialProvider | null>(null);

  const unlink = useMutation({
    mutationFn: unlinkAccount,
    onSuccess: (_d, provider) => toast.success(t("linked.unlinked", { provider: NAMES[provider] })),
    onError: (err) => toast.error(errorMessage(tc, err)),
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKeys.linked }),
  });

  const providers = linked.data?.providers ?? [];
  const hasPassword = linked.data?.has_password ?? true;
  const isLast = !hasPassword && providers.length <= 1;

  const startLink = async (provider: SocialProvider) => {
    const id = providerIdOf(provider, config.data);
    if (!id) return;
    setStarting(provider);
    const got = await reauthenticate(provider, id);
    setStarting(null);
    if ("credential" in got) setAsking({ provider, credential: got.credential });
    else if (got.failure === "sdk_missing") toast.error(tc("social.sdkMissing", { provider: NAMES[provider] }));
    else if (got.failure === "failed")
      toast.error(provider === "google" ? tc("social.googleLoginFailed") : tc("social.facebookFailed"));
  };

  return (
    <Section title={t("linked.title")} description={t("linked.hint")} testId="linked-section">
      <ul className="settings-list">
        {SOCIAL_PROVIDERS.map((provider) => {
          const row = providers.find((p) => p.provider === provider);
          const configured = providerIdOf(provider, config.data);
          return (
            <li key={provider} className="settings-list__item" data-testid={`linked-${provider}`}>
              <div className="settings-list__main">
                <div className="settings-list__title">{NAMES[provider]}</div>
                <div className="settings-list__meta" data-testid="linked-status">
                  {row
                    ? t("linked.linkedAs", { email: row.email ?? row.providerId })
                    : config.data && !configured
                      ? tc("social.notSetUp", { provider: NAMES[provider] })
                      : t("linked.notLinked")}
                </div>
              </div>
              {row ? (
                <button
                  type="button"
                  className="btn btn--sm btn--ghost"
                  disabled={isLast || unlink.isPending}
                  title={isLast ? t("linked.lastMethod") : undefined}
                  data-testid="linked-unlink"
                  onClick={() => unlink.mutate(provider)}
                >
                  {t("linked.unlink")}
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={!configured || starting !== null}
                  data-testid="linked-link"
                  onClick={() => void startLink(provider)}
                >
                  {starting === provider ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
                  {t("linked.link")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {isLast && providers.length === 1 ? <p className="settings-hint">{t("linked.lastMethod")}</p> : null}
      <ConfirmLinkDialog request={asking} hasPassword={hasPassword} onClose={() => setAsking(null)} />
    </Section>
  );
}

function ConfirmLinkDialog({
  request,
  hasPassword,
  onClose,
}: {
  request: { provider: SocialProvider; credential: string } | null;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("accounts");
  const { t: tc } = useTranslation(AUTH_TEXTS);
  const qc = useQueryClient();
  const [password, setPassword] = useState("");
  const link = useMutation({
    mutationFn: (r: { provider: SocialProvider; credential: string }) =>
      linkWhileSignedIn(r.provider, r.credential, password),
    onSuccess: (data) => {
      qc.setQueryData(settingsKeys.linked, (old: { has_password?: boolean } | undefined) => ({
        ...data,
        has_password: old?.has_password,
      }));
      toast.success(t("linked.linked"));
      setPassword("");
      onClose();
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (request) link.mutate(request);
  };
  const name = request ? NAMES[request.provider] : "";
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title={t("linked.confirmTitle", { provider: name })}
      testId="link-confirm-dialog"
    >
      <form className="settings-form" onSubmit={onSubmit} noValidate>
        {link.isError ? (
          <div className="notice notice--error" role="alert">
            {errorMessage(tc, link.error)}
          </div>
        ) : null}
        {hasPassword ? (
          <Field
            label={t("password.current")}
            name="link-confirm-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
        ) : (
          <p className="settings-hint">{t("linked.confirmNoPassword", { provider: name })}</p>
        )}
        <div className="dialog__footer">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {tc("common.cancel")}
          </button>
          <button type="submit" className="btn btn--primary" disabled={link.isPending || (hasPassword && !password)}>
            {t("linked.link")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
