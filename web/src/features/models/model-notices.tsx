// Notices above the input: the offline-model notice (no AI provider configured, so the built-in offline model
// answers) and the latest usage warning for the current model.
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconClose, IconInfo, IconWarning } from "../ui/icons";
import { usageWarningAtom } from "./models.atoms";
import { modelsQuery } from "./models.queries";
import { presentWarning } from "./usage-warning";

// the offline-model notice lives in its own module (one line on phones, details on tap)
export { OfflineNotice } from "./offline-notice";

/** A web-search warning's texts (their own namespace) and the prompt guide (the Advanced+ action) load on first use. */
const guideModule = () => import("../quota-guide/quota-guide");
const SearchWarningText = lazy(() => guideModule().then((m) => ({ default: m.SearchWarningText })));
const PromptGuideDialog = lazy(() => guideModule().then((m) => ({ default: m.PromptGuideDialog })));

export function UsageBanner() {
  const { t } = useTranslation();
  const [warning, setWarning] = useAtom(usageWarningAtom);
  const { data } = useQuery(modelsQuery());
  const navigate = useNavigate();
  const [guideOpen, setGuideOpen] = useState(false);
  const guide = guideOpen ? (
    <Suspense fallback={null}>
      <PromptGuideDialog open onClose={() => setGuideOpen(false)} />
    </Suspense>
  ) : null;
  if (!warning) return guide;
  const plan = data?.plan ?? "free";
  const view = presentWarning({ level: warning.level, remaining: warning.remaining, plan, model: warning.model, kind: warning.kind });
  // free and basic are offered an upgrade (Advanced+ is the top plan: its action is the prompt guide)
  const upgrade = plan !== "advanced";
  if (!view) return guide;
  return (
    <>
      <div
        className={`usage-banner usage-banner--${view.severity}`}
        role={view.severity === "critical" ? "alert" : "status"}
        data-testid="usage-warning"
        data-level={view.level}
        data-severity={view.severity}
      >
        {view.severity === "info" ? <IconInfo size={18} /> : <IconWarning size={18} />}
        <div className="usage-banner__text">
          {view.hintKey ? (
            <Suspense fallback={null}>
              <SearchWarningText view={view} />
            </Suspense>
          ) : (
            <>
              <strong>{t(view.titleKey)}</strong>
              <span>{t(view.messageKey, view.values)}</span>
            </>
          )}
        </div>
        <button
          type="button"
          className="usage-banner__action"
          data-testid="usage-warning-action"
          onClick={() => (upgrade ? void navigate({ to: "/upgrade" }) : setGuideOpen(true))}
        >
          {t(view.actionKey)}
        </button>
        <button type="button" className="icon-btn icon-btn--sm" aria-label={t("common.close")} onClick={() => setWarning(null)}>
          <IconClose size={16} />
        </button>
      </div>
      {guide}
    </>
  );
}
