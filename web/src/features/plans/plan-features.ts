// What each plan offers, as the upgrade page lists it, by i18n key under plans:features.<plan>.
// The numbers behind "daily limits" live with the worker's entitlements; the page speaks of them in words.
import type { Plan } from "../auth/every-page/auth.schemas";

export const PLANS: readonly Plan[] = ["free", "basic", "advanced"];

export const PLAN_FEATURES: Record<Plan, readonly string[]> = {
  free: ["models", "memory", "daily", "prompts", "ads"],
  basic: ["models", "memory", "search", "images", "extract", "noAds"],
  advanced: ["everythingBasic", "memory", "quotas", "support", "earlyAccess"],
};
