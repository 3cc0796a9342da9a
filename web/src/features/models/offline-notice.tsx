// The offline-model notice above the input (no AI provider configured, so the built-in offline model answers): one
// short line that never wraps, even on a 375 px phone, whose "Details" unfold the full explanation (a native
// <details>: keyboard and screen readers get it for free), and a close button.
import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { IconClose, IconInfo } from "../ui/icons";
import { offlineNoticeDismissedAtom } from "./models.atoms";
import { useCurrentModel } from "./use-current-model";
import "./offline-notice.css";

export function OfflineNotice() {
  const { t } = useTranslation();
  const { model } = useCurrentModel();
  const [dismissed, setDismissed] = useAtom(offlineNoticeDismissedAtom);
  if (!model?.offline || dismissed) return null;
  return (
    <div className="notice notice--info notice--compact offline-notice" role="note" data-testid="offline-notice">
      <IconInfo size={16} />
      <details className="offline-notice__details">
        <summary data-testid="offline-notice-more">
          <span className="offline-notice__short">{t("notices.offlineShort")}</span>
          <span className="offline-notice__more">{t("notices.details")}</span>
        </summary>
        <p data-testid="offline-notice-details">{t("models.offlineNotice")}</p>
      </details>
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
  );
}
