// The settings tabs in their order; the route validates ?tab= against this list (a tiny module, no dependencies,
// since the route's search rule is part of the main bundle).
export const SETTINGS_TABS = [
  "general",
  "profile",
  "security",
  "personalization",
  "subscription",
  "apps",
  "models",
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
