// How a usage warning level (X-Warning-Level) is shown: its severity, title, message, the line for the user's plan and
// the action offered for it. zero_remaining is shown as critical; "none" shows nothing. Each daily quota (a model's
// uses, web searches, image generations) has its own sentences per tier (urgent when none is left, important, warning,
// notice), counted with `count` so each language picks its plural form: a model's name is never glued to a noun
// written for another quota. The plan's line says what a bigger plan gives, or (the top plan) when uses come back;
// when a model ran out and another took its place, that line names the new model instead. Every text is in the lazily
// loaded "quota" namespace (locales/quota/<lng>.json, quota-guide/quota-i18n.ts): load it before showing one.
import type { WarningLevel } from "../../../../../worker/protocol/rules";
import type { Plan } from "../../auth/every-page/auth.schemas";

export type Severity = "info" | "warning" | "critical";

/** Which daily quota a warning counts. */
export type QuotaKind = "model" | "search" | "image";

export interface WarningPresentation {
  level: Exclude<WarningLevel, "none">;
  severity: Severity;
  /** i18n keys, all in the "quota" namespace */
  titleKey: string;
  messageKey: string;
  /** The line under the message: the plan's way forward, or the model switched to. */
  hintKey: string;
  /** i18n key in the app's main texts (loaded with the app) */
  actionKey: string;
  /** `count` picks the plural form ("1 use", "2 uses"; Russian's three forms); `model` is the model that ran low, and
   * `next` the one that answers now (empty when nothing was switched). */
  values: { count: number; model: string; next: string };
}

const SEVERITY: Record<Exclude<WarningLevel, "none">, Severity> = {
  zero_remaining: "critical",
  critical: "critical",
  warning: "warning",
  notice: "info",
};

/** The wording tiers: urgent (nothing left), important (1 or 2 left), warning (5), notice (15). */
export const TIER: Record<Exclude<WarningLevel, "none">, "urgent" | "important" | "warning" | "notice"> = {
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

export function presentWarning(input: {
  level: WarningLevel;
  remaining: number;
  plan: Plan;
  /** The model's name as shown to the user (model warnings only). */
  model: string;
  kind?: QuotaKind;
  /** A model that ran out: the model now answering in its place, or null when none is left (unset: no switch). */
  switchedTo?: string | null;
}): WarningPresentation | null {
  if (input.level === "none") return null;
  const kind = input.kind ?? "model";
  const tier = TIER[input.level];
  const out = input.level === "zero_remaining";
  const count = Math.max(0, input.remaining);
  let hintKey = `quota:${kind}.plan.${out ? "out" : "low"}.${input.plan}`;
  if (kind === "model" && out && input.switchedTo !== undefined) {
    hintKey = input.switchedTo === null ? `quota:model.allOut.${input.plan}` : `quota:model.switched.${input.plan}`;
  }
  return {
    level: input.level,
    severity: SEVERITY[input.level],
    titleKey: `quota:${kind}.title.${tier}`,
    messageKey: `quota:${kind}.message.${tier}`,
    hintKey,
    actionKey: ACTION[input.plan],
    values: { count, model: input.model, next: input.switchedTo ?? "" },
  };
}
