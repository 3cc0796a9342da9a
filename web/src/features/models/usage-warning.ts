// How a usage warning level (X-Warning-Level) is shown: its severity, title, message and the action offered for the
// user's plan. zero_remaining is shown as critical, as the spec says; "none" shows nothing. Web searches have their own
// wording per tier (urgent, important, warning, notice) and a line per plan saying what a bigger plan gives, or (the
// top plan) when searches come back.
import type { WarningLevel } from "../../../../worker/protocol/rules";
import type { Plan } from "../auth/auth.schemas";

export type Severity = "info" | "warning" | "critical";

export interface WarningPresentation {
  level: Exclude<WarningLevel, "none">;
  severity: Severity;
  /** i18n keys */
  titleKey: string;
  messageKey: string;
  actionKey: string;
  /** interpolation values for the message; `count` picks the plural form ("1 use", "2 uses"; Russian's three forms) */
  values: { remaining: number; count: number; model: string };
  /** A second line for the plan (search warnings), or null. */
  hintKey: string | null;
}

/** Which daily quota a warning counts: a model's uses (the default), or web searches. */
export type QuotaKind = "model" | "search";

const SEVERITY: Record<Exclude<WarningLevel, "none">, Severity> = {
  zero_remaining: "critical",
  critical: "critical",
  warning: "warning",
  notice: "info",
};

/** The spec's wording tiers: urgent, important, warning, notice. */
const TIER: Record<Exclude<WarningLevel, "none">, string> = {
  zero_remaining: "urgent",
  critical: "important",
  warning: "warning",
  notice: "notice",
};

const ACTION: Record<Plan, string> = {
  free: "usage.action.upgrade",
  basic: "usage.action.upgradeAdvanced",
  advanced: "usage.action.promptGuide",
};

export function isWarningLevel(value: string | null | undefined): value is WarningLevel {
  return value === "zero_remaining" || value === "critical" || value === "warning" || value === "notice" || value === "none";
}

export function presentWarning(input: {
  level: WarningLevel;
  remaining: number;
  plan: Plan;
  model: string;
  kind?: QuotaKind;
}): WarningPresentation | null {
  if (input.level === "none") return null;
  const tier = TIER[input.level];
  const search = input.kind === "search";
  return {
    level: input.level,
    severity: SEVERITY[input.level],
    titleKey: search ? `quotaTiers.search.title.${tier}` : `usage.title.${tier}`,
    messageKey: search ? `quotaTiers.search.message.${tier}` : `usage.message.${tier}`,
    actionKey: ACTION[input.plan],
    values: { remaining: Math.max(0, input.remaining), count: Math.max(0, input.remaining), model: input.model },
    hintKey: search ? `quotaTiers.search.hint.${input.plan}` : null,
  };
}

/**
 * What the user hears when a model's uses run out (after this send, or a 403): Advanced+ is the top plan, so it is
 * moved to another model with an alert naming it, or told to come back tomorrow when none is left; free and Basic
 * users are switched with the same naming note, and told to upgrade or come back when every model is used up.
 */
export function outOfUsesNotice(input: { plan: Plan; model: string; next: string | null; afterThisUse: boolean }): {
  key: string;
  values: { model: string; next: string };
} {
  const values = { model: input.model, next: input.next ?? "" };
  if (input.next) {
    if (input.plan === "advanced") return { key: "quotaTiers.autoSwitched", values };
    return { key: input.afterThisUse ? "models.lockedAfterThis" : "quotaTiers.switched", values };
  }
  // the usage banner beside it offers free and Basic users the upgrade
  return { key: input.plan === "advanced" ? "quotaTiers.comeBackTomorrow" : "models.allExhausted", values };
}
