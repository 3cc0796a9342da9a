// The offline-model notice above the input (no AI provider configured, so the built-in offline model answers): one
// short line that never wraps, even on a 375 px phone, with "Details" to read the full explanation and a close button.
import { useAtom } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconClose, IconInfo } from "../ui/icons";
import { offlineNoticeDismissedAtom } from "./models.atoms";
import { useCurrentModel } from "./use-current-model";
import "./offline-notice.css";

export function OfflineNotice() {
  const { t } = useTranslation();
  const { model } = useCurrentModel();
  const [dismissed, setDismissed] = useAtom(offlineNoticeDismissedAtom);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!model?.offline || dismissed) return null;
  return (
    <div className={`notice notice--info notice--compact offline-notice${open ? " is-open" : ""}`} role="note" data-testid="offline-notice">
      <div className="offline-notice__line">
        <IconInfo size={16} />
        <span className="offline-notice__short" data-testid="offline-notice-short">
          {t("notices.offlineShort")}
        </span>
        <button
          type="button"
          className="offline-notice__more"
          data-testid="offline-notice-more"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t("notices.less") : t("notices.details")}
        </button>
        <button
          type="button"
          className="icon-btn icon-btn--xs notice__close"
          aria-label={t("common.close")}
          data-testid="offline-notice-close"
          onClick={() => setDismissed(true)}
        >
          <IconClose size={14} />
        </button>
      </div>
      <p id={detailsId} className="offline-notice__details" data-testid="offline-notice-details" hidden={!open}>
        {t("models.offlineNotice")}
      </p>
    </div>
  );
}
