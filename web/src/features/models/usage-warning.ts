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
  /** A second line for the plan (search warnings), or null. Search texts are in the lazily loaded "quota" namespace
   * (quota-i18n.ts): load it before showing them. */
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
    titleKey: search ? `quota:search.title.${tier}` : `usage.title.${tier}`,
    messageKey: search ? `quota:search.message.${tier}` : `usage.message.${tier}`,
    actionKey: ACTION[input.plan],
    values: { remaining: Math.max(0, input.remaining), count: Math.max(0, input.remaining), model: input.model },
    hintKey: search ? `quota:search.hint.${input.plan}` : null,
  };
}
