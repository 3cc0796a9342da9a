// /settings?tab=…: every settings tab of the spec, the tab kept in the URL. The texts ("accounts" namespace) load
// before the screen shows; the screen itself is its own chunk (route code splitting).
import { createFileRoute } from "@tanstack/react-router";
import i18next from "i18next";
import * as v from "valibot";
import { SettingsPage } from "../../features/settings/settings-page";
import { SETTINGS_TABS } from "../../features/settings/tabs";

const SettingsSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(SETTINGS_TABS)), undefined),
  /** Set by the connected-apps OAuth callback on its way back here. */
  connected: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,40}$/))), undefined),
  error: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,60}$/))), undefined),
});

export const Route = createFileRoute("/_app/settings")({
  validateSearch: (search) => v.parse(SettingsSearchSchema, search),
  loader: () => i18next.loadNamespaces("accounts"),
  component: SettingsRoute,
});

function SettingsRoute() {
  const search = Route.useSearch();
  return <SettingsPage tab={search.tab ?? "general"} connected={search.connected} error={search.error} />;
}
