// The bar above the chat: the sidebar/drawer toggle, the model switcher, and a new-chat shortcut when the sidebar
// is out of sight.
import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { ExportChatButton } from "../chat/export-chat-button";
import { FindInChatButton } from "../chat/find-in-chat-button";
import { ChatSettingsButton } from "../chat-settings/signed-in/chat-settings-button";
import { ModelSwitcher } from "../models/model-switcher";
import { ImageHeaderButtons } from "../images/signed-in/header-buttons";
import { NotificationBell } from "../notifications/signed-in/notification-bell";
import { IconNewChat, IconSidebar } from "../ui/icons";
import { FullscreenButton } from "./fullscreen-button";
import { drawerOpenAtom, sidebarCollapsedAtom } from "./layout.atoms";
import { useNewChat } from "./sidebar";
import { useIsMobile } from "./use-media-query";

export function Header() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  const sidebarHidden = isMobile ? !drawerOpen : collapsed;
  const newChat = useNewChat();
  const label = sidebarHidden ? t("sidebar.open") : t("sidebar.close");
  return (
    <header className="header">
      <button
        type="button"
        className="icon-btn"
        data-testid="drawer-toggle"
        aria-label={label}
        data-tooltip={label}
        data-tooltip-side="right"
        aria-controls="sidebar"
        aria-expanded={!sidebarHidden}
        onClick={() => (isMobile ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
      >
        <IconSidebar size={20} />
      </button>
      <ModelSwitcher />
      <div className="header__spacer" />
      <FindInChatButton />
      {/* on phones the chat's settings are in the drawer's More (layout/on-demand/sidebar-more.tsx) */}
      {isMobile ? null : <ChatSettingsButton />}
      {isMobile ? null : <ExportChatButton />}
      {/* on phones the gallery and the fullscreen toggle are in the drawer (create image in the input's + menu): the
          header keeps its room for the model's name */}
      {isMobile ? null : <ImageHeaderButtons />}
      <NotificationBell />
      {isMobile ? null : <FullscreenButton />}
      {sidebarHidden ? (
        <button
          type="button"
          className="icon-btn"
          data-testid="header-new-chat"
          aria-label={t("sidebar.newChat")}
          data-tooltip={t("sidebar.newChat")}
          data-tooltip-side="left"
          onClick={newChat}
        >
          <IconNewChat size={20} />
        </button>
      ) : null}
    </header>
  );
}
