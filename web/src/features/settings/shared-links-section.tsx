// Settings > Security > Shared links: every chat the user has shared by link, newest first, each with its title (the
// public page, in a new tab), when it was shared, how many messages it shows, a copy button and "Revoke" after a
// confirmation (the link then stops working for everyone). Its texts are the shares namespace, which loads with it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../lib/error-message";
import { Section } from "./section";
import { toast } from "../toast/toast.atoms";
import { confirm } from "../ui/confirm.atoms";
import { IconCheck, IconCopy } from "../ui/icons";
import { SHARE_TEXTS } from "../shares/share-texts";
import { type SharedLink, revokeShare, shareUrl } from "../shares/shares.api";
import { shareKeys, sharesQuery } from "../shares/shares.queries";
import { useCopy } from "../shares/use-copy";

/** The section, shown once its texts are in (the rest of the tab does not wait for them). */
export function SharedLinksSection() {
  return (
    <Suspense fallback={null}>
      <SharedLinks />
    </Suspense>
  );
}

function SharedLinks() {
  const { t, i18n } = useTranslation(SHARE_TEXTS);
  const qc = useQueryClient();
  const shares = useQuery(sharesQuery());
  const { copied, copy } = useCopy();
  const revoke = useMutation({
    mutationFn: revokeShare,
    onSuccess: () => toast.success(t("list.revoked")),
    onError: (err) => toast.error(errorMessage(t, err)),
    onSettled: () => qc.invalidateQueries({ queryKey: shareKeys.list() }),
  });

  const titleOf = (link: SharedLink) => link.title.trim() || t("list.untitled");
  const onRevoke = async (link: SharedLink) => {
    const ok = await confirm({
      title: t("list.revokeTitle"),
      message: t("list.revokeMessage", { title: titleOf(link) }),
      confirmLabel: t("list.revoke"),
      cancelLabel: t("common.cancel", { ns: "translation" }),
      danger: true,
    });
    if (ok) revoke.mutate(link.id);
  };
  const onCopy = async (url: string) => {
    if (!(await copy(url))) toast.error(t("copyFailed"));
  };
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" });

  return (
    <Section title={t("list.title")} description={t("list.description")} testId="shared-links">
      {shares.isPending ? (
        <div className="spinner" role="status" aria-label={t("common.loading", { ns: "translation" })} />
      ) : null}
      {shares.isError ? <p className="notice notice--error">{errorMessage(t, shares.error)}</p> : null}
      {shares.data?.length === 0 ? (
        <p className="settings-hint" data-testid="shared-links-empty">
          {t("list.empty")}
        </p>
      ) : null}
      {shares.data?.length ? (
        <ul className="settings-list">
          {shares.data.map((link) => {
            const url = shareUrl(link);
            const title = titleOf(link);
            return (
              <li key={link.id} className="settings-list__item" data-testid="shared-link-row">
                <div className="settings-list__main">
                  <a
                    className="settings-list__title settings-list__title--wrap"
                    href={url}
                    target="_blank"
                    rel="noopener"
                  >
                    {title}
                  </a>
                  <div className="settings-list__meta">
                    {t("list.sharedOn", { date: date(link.created_at) })} ·{" "}
                    {t("list.messages", { count: link.message_count })}
                  </div>
                </div>
                <div className="settings-list__actions">
                  <button
                    type="button"
                    className="icon-btn icon-btn--sm"
                    data-testid={`share-copy-${link.id}`}
                    aria-label={copied === url ? t("copied") : t("list.copyLabel", { title })}
                    onClick={() => void onCopy(url)}
                  >
                    {copied === url ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </button>
                  <button
                    type="button"
                    className="btn btn--sm btn--danger"
                    data-testid={`share-revoke-${link.id}`}
                    aria-label={t("list.revokeLabel", { title })}
                    disabled={revoke.isPending && revoke.variables === link.id}
                    onClick={() => void onRevoke(link)}
                  >
                    {t("list.revoke")}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Section>
  );
}
