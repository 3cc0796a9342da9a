// Sharing the open chat by link: the dialog says what a link gives away (the chat as it is now, not what follows, and
// never the owner's name or email) before anything is created; "Create link" makes one (POST /shares), then shows it
// to copy or open, and "Stop sharing" revokes it (DELETE /shares/:id) and closes. Each change refreshes Settings' list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-message";
import { toast } from "../../toast/toast.atoms";
import { Dialog } from "../../ui/dialog";
import { SHARE_TEXTS } from "../share-texts";
import { type SharedLink, createShare, revokeShare, shareUrl } from "../shares.api";
import { shareKeys } from "../shares.queries";
import { useCopy } from "../use-copy";
import "./share-dialog.css";

export function ShareDialog({ chatId, onClose }: { chatId: string; onClose: () => void }) {
  const { t } = useTranslation(SHARE_TEXTS); // suspends until the texts are in
  const qc = useQueryClient();
  const urlId = useId();
  const urlRef = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState<SharedLink | null>(null);
  const { copied, copy } = useCopy();
  const refreshList = () => qc.invalidateQueries({ queryKey: shareKeys.list() });

  const create = useMutation({
    mutationFn: () => createShare(chatId),
    onSuccess: setLink,
    onSettled: refreshList,
  });
  const revoke = useMutation({
    mutationFn: revokeShare,
    onSuccess: () => {
      toast.success(t("dialog.revoked"));
      onClose();
    },
    onSettled: refreshList,
  });
  const failure = create.error ?? revoke.error;
  const url = link ? shareUrl(link) : "";

  const onCopy = async () => {
    if (await copy(url)) return;
    // the clipboard said no: the link is selected for the user to copy by hand
    urlRef.current?.select();
    toast.error(t("copyFailed"));
  };

  return (
    <Dialog open onClose={onClose} title={t("dialog.title")} description={t("dialog.explain")} testId="share-dialog">
      {failure ? (
        <p className="notice notice--error share-dialog__error" role="alert" data-testid="share-error">
          {errorMessage(t, failure)}
        </p>
      ) : null}
      {link ? (
        <>
          <label htmlFor={urlId} className="visually-hidden">
            {t("dialog.urlLabel")}
          </label>
          <input
            id={urlId}
            ref={urlRef}
            className="input"
            data-testid="share-url"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="dialog__footer">
            <button
              type="button"
              className="btn btn--ghost share-dialog__revoke"
              data-testid="share-revoke"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(link.id)}
            >
              {t("dialog.revoke")}
            </button>
            <a className="btn btn--ghost" href={url} target="_blank" rel="noopener" data-testid="share-open">
              {t("dialog.open")}
            </a>
            <button
              type="button"
              className="btn btn--primary"
              data-testid="share-copy"
              autoFocus // the link was just made to be copied
              onClick={() => void onCopy()}
            >
              {copied === url ? t("copied") : t("dialog.copy")}
            </button>
          </div>
          <span className="visually-hidden" role="status">
            {copied === url ? t("copied") : ""}
          </span>
        </>
      ) : (
        <div className="dialog__footer">
          <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="share-cancel">
            {t("common.cancel", { ns: "translation" })}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="share-create"
            disabled={create.isPending}
            onClick={() => create.mutate()}
          >
            {create.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {t("dialog.create")}
          </button>
        </div>
      )}
    </Dialog>
  );
}
