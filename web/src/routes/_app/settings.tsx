// /settings?tab=…: every settings tab (SETTINGS_TABS), the tab kept in the URL. The screen is its own chunk (route code
// splitting) and brings its texts (the "accounts" namespace) with it.
import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { AccountsTexts } from "../../features/settings/accounts-texts";
import { SettingsPage } from "../../features/settings/settings-page";
import { SETTINGS_TABS } from "../../features/settings/tabs";

const SettingsSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(SETTINGS_TABS)), undefined),
});

export const Route = createFileRoute("/_app/settings")({
  validateSearch: (search) => v.parse(SettingsSearchSchema, search),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab } = Route.useSearch();
  return (
    <AccountsTexts>
      <SettingsPage tab={tab ?? "general"} />
    </AccountsTexts>
  );
}
