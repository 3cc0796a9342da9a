// The critical-level warning when today's web searches are used up (the send was cancelled): what happened and an
// upgrade action that opens the plans page. Shown above the input until closed or the day turns.
import { useRouter } from "@tanstack/react-router";
import { useAtom, useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { todayAtom } from "../../models/models.atoms";
import { IconClose, IconWarning } from "../../ui/icons";
import { searchExhaustedAtom } from "../chat.atoms";

/** The plans page (its route belongs to the plans feature). */
const UPGRADE_PATH = "/upgrade";

export function SearchQuotaNotice() {
  const { t } = useTranslation();
  const router = useRouter();
  const [day, setDay] = useAtom(searchExhaustedAtom);
  const today = useAtomValue(todayAtom);
  if (!day || day !== today) return null;
  return (
    <div
      className="usage-banner usage-banner--critical"
      role="alert"
      data-testid="search-exhausted"
      data-severity="critical"
    >
      <IconWarning size={18} />
      <div className="usage-banner__text">
        <strong>{t("conversation.searchExhaustedTitle")}</strong>
        <span>{t("conversation.searchExhausted")}</span>
      </div>
      <a
        href={UPGRADE_PATH}
        className="usage-banner__action"
        data-testid="search-upgrade"
        onClick={(e) => {
          e.preventDefault();
          router.history.push(UPGRADE_PATH);
        }}
      >
        {t("usage.action.upgrade")}
      </a>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        aria-label={t("common.close")}
        onClick={() => setDay(null)}
      >
        <IconClose size={16} />
      </button>
    </div>
  );
}
