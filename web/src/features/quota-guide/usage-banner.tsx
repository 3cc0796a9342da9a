// The usage warning banner above the input: the latest warning for a model's uses, web searches or image generations,
// its severity, texts (with the model switched to, when one ran out) and the action for the plan (upgrade for free
// and Basic, the prompt guide for Advanced+, who have no bigger plan). Loaded only once a warning shows
// (models/model-notices.tsx), so the chat page does not carry it.
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { usageWarningAtom } from "../models/models.atoms";
import { modelsQuery } from "../models/models.queries";
import { presentWarning } from "../models/on-demand/usage-warning";
import { IconClose, IconInfo, IconWarning } from "../ui/icons";
import { WarningText } from "./warning-text";

/** The prompt guide (the Advanced+ action) loads when first opened. */
const PromptGuideDialog = lazy(() => import("./prompt-guide-dialog").then((m) => ({ default: m.PromptGuideDialog })));

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
  const view = presentWarning({ ...warning, plan });
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
          {/* suspends the banner until the quota texts are here: it appears once, whole */}
          <WarningText view={view} />
        </div>
        <button
          type="button"
          className="usage-banner__action"
          data-testid="usage-warning-action"
          onClick={() => (upgrade ? void navigate({ to: "/upgrade" }) : setGuideOpen(true))}
        >
          {t(view.actionKey)}
        </button>
        <button
          type="button"
          className="icon-btn icon-btn--sm"
          aria-label={t("common.close")}
          onClick={() => setWarning(null)}
        >
          <IconClose size={16} />
        </button>
      </div>
      {guide}
    </>
  );
}
