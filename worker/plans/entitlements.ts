// What each plan may do, as data: active-session limits, daily quotas per model endpoint, search and image, and how
// many projects (groups of chats with their own instructions and files) a user keeps.
// Change a number here and every check follows. Quotas count per calendar day in Asia/Ho_Chi_Minh.

import type { Plan } from "../protocol/resources";

export type { Plan };

export interface Entitlements {
  /** Devices signed in at once; a login past this ends the oldest session. */
  sessionLimit: number;
  /** Daily uses per model endpoint; endpoints not listed get `otherModels`. */
  models: Record<string, number>;
  otherModels: number;
  search: number;
  image: number;
  /** Projects a user keeps at once; null: unlimited. Past it, creating one is refused (403 project_limit). */
  projects: number | null;
}

export const ENTITLEMENTS: Record<Plan, Entitlements> = {
  free: {
    sessionLimit: 2,
    models: { "gpt-4.1-mini": 50, "o4-mini": 10, "deepseek-chat": 30 },
    otherModels: 0,
    search: 10,
    image: 3,
    projects: 3,
  },
  basic: {
    sessionLimit: 3,
    models: { "gpt-4.1-mini": 1000 },
    otherModels: 200,
    search: 100,
    image: 30,
    projects: 20,
  },
  advanced: {
    sessionLimit: 5,
    models: { "gpt-4.1-mini": 5000 },
    otherModels: 600,
    search: 300,
    image: 100,
    projects: null,
  },
};

export type UsageBucket = string; // a model endpoint, "search" or "image"

export function dailyLimit(plan: Plan, bucket: UsageBucket): number {
  const e = ENTITLEMENTS[plan];
  if (bucket === "search") return e.search;
  if (bucket === "image") return e.image;
  return e.models[bucket] ?? e.otherModels;
}

/** Premium is active only while is_premium > 0 and premium_end is later than now; 1 is Basic, above is Advanced+. */
export function planOf(user: { isPremium: number; premiumEnd: number | null }, now = Date.now()): Plan {
  if (user.isPremium > 0 && user.premiumEnd !== null && user.premiumEnd > now) {
    return user.isPremium === 1 ? "basic" : "advanced";
  }
  return "free";
}

export { warningLevel, type WarningLevel } from "../protocol/rules";
