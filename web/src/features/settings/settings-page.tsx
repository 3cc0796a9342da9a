// The settings screen: a tab list (a column on wide screens, a scrolling row on phones) and the chosen tab's panel.
// The tab lives in the URL (?tab=), so a reload, the back button and a link from elsewhere all land on it.
import { useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppsTab } from "./apps-tab";
import { GeneralTab } from "./general-tab";
import { ModelsTab } from "./models-tab";
import { PersonalizationTab } from "./personalization-tab";
import { ProfileTab } from "./profile-tab";
import { SecurityTab } from "./security-tab";
import { SubscriptionTab } from "./subscription-tab";
import { SETTINGS_TABS, type SettingsTab } from "./tabs";
import { useOAuthReturn } from "./use-oauth-return";
import "../auth/auth.css";
import "./settings.css";

const PANELS: Record<SettingsTab, () => React.JSX.Element> = {
  general: GeneralTab,
  profile: ProfileTab,
  security: SecurityTab,
  personalization: PersonalizationTab,
  subscription: SubscriptionTab,
  apps: AppsTab,
  models: ModelsTab,
};

export function SettingsPage({ tab }: { tab: SettingsTab }) {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);

  useOAuthReturn(tab);

  // On a phone the tabs are a scrolling row: keep the chosen one in view.
  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>(`[data-tab="${tab}"]`)
      ?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tab]);

  const select = (next: SettingsTab) => void navigate({ to: "/settings", search: { tab: next }, replace: true });

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); Home and End jump to the ends.
  const onKeyDown = (e: KeyboardEvent) => {
    const i = SETTINGS_TABS.indexOf(tab);
    const forward = e.key === "ArrowDown" || e.key === "ArrowRight";
    const back = e.key === "ArrowUp" || e.key === "ArrowLeft";
    let next: number | null = null;
    if (forward) next = (i + 1) % SETTINGS_TABS.length;
    else if (back) next = (i - 1 + SETTINGS_TABS.length) % SETTINGS_TABS.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = SETTINGS_TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    select(SETTINGS_TABS[next]!);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLElement>(`[data-tab="${SETTINGS_TABS[next!]}"]`)?.focus(),
    );
  };

  const Panel = PANELS[tab];
  return (
    <div className="settings" data-testid="settings-page">
      <h1 className="settings__title">{t("title")}</h1>
      <div className="settings__body">
        <div
          ref={listRef}
          className="settings__tabs"
          role="tablist"
          aria-label={t("title")}
          aria-orientation="vertical"
          onKeyDown={onKeyDown}
        >
          {SETTINGS_TABS.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`settings-tab-${id}`}
              aria-controls="settings-panel"
              aria-selected={id === tab}
              tabIndex={id === tab ? 0 : -1}
              data-tab={id}
              data-testid={`settings-tab-${id}`}
              className={`settings__tab${id === tab ? " settings__tab--active" : ""}`}
              onClick={() => select(id)}
            >
              {t(`tabs.${id}`)}
            </button>
          ))}
        </div>
        <section
          id="settings-panel"
          className="settings__panel"
          role="tabpanel"
          aria-labelledby={`settings-tab-${tab}`}
          data-testid={`settings-panel-${tab}`}
        >
          <Panel />
        </section>
      </div>
    </div>
  );
}
