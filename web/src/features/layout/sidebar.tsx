// The sidebar: brand, new chat, search, prompts, the experts (folded), the projects, the history, which takes the
// height left and scrolls, "More" (folded: the gallery on phones, affiliate, help, clear conversations), language and
// theme, and the profile menu.
// On phones it is a drawer over the chat (closed with Escape, the backdrop, or by picking a chat), filled once the
// first screen is up or when it opens, so opening a chat on a phone does not start by building a hidden history.
import { Link, useNavigate } from "@tanstack/react-router";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { lazy, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS, writeItem } from "../../lib/storage";
import { HistoryList } from "../history/history-list";
import { SearchChatsButton } from "../history/search-chats-button";
import { LanguageSelect } from "../i18n/language-select";
import { saveLanguage } from "../auth/every-page/auth.api";
import { ThemeToggle } from "../theme/theme-toggle";
import { IconClose, IconNewChat, IconPen, Logo } from "../ui/icons";
import { newChatPersonaAtom } from "../experts/experts.atoms";
import { ProjectsSection } from "../projects/signed-in/projects-section";
import { drawerOpenAtom, sidebarCollapsedAtom } from "./layout.atoms";
import { FullscreenButton } from "./fullscreen-button";
import { ProfileMenu } from "./profile-menu";
import { SidebarGroup } from "./sidebar-group";
import { useIsMobile } from "./use-media-query";
import { useDeferredMount } from "./use-deferred-mount";
import { streamingAtom } from "../chat/chat.atoms";

// The folded groups' content, one chunk loaded when a group first opens (sidebar-group.tsx).
const loadGroups = () => import("./on-demand/sidebar-more");
const ExpertsMenu = lazy(() => loadGroups().then((m) => ({ default: m.ExpertsMenu })));
const SidebarMore = lazy(() => loadGroups().then((m) => ({ default: m.SidebarMore })));

export function useNewChat() {
  const navigate = useNavigate();
  const setPersona = useSetAtom(newChatPersonaAtom);
  return () => {
    setPersona(null);
    writeItem(STORAGE_KEYS.currentChatId, null);
    void navigate({ to: "/" });
  };
}

export function Sidebar() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  const collapsed = useAtomValue(sidebarCollapsedAtom);
  const ref = useRef<HTMLElement>(null);

  const closeDrawer = () => {
    if (isMobile) setDrawerOpen(false);
  };

  useEffect(() => {
    if (!isMobile || !drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawerOpen(false);
    document.addEventListener("keydown", onKey);
    ref.current?.querySelector<HTMLElement>("[data-testid='new-chat']")?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [isMobile, drawerOpen, setDrawerOpen]);

  const hidden = isMobile ? !drawerOpen : collapsed;
  // A phone's closed drawer is filled once the first screen is up (or the moment it opens).
  const filled = useDeferredMount(!isMobile || drawerOpen);
  return (
    <>
      {isMobile && drawerOpen ? (
        <div className="backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />
      ) : null}
      <aside
        ref={ref}
        id="sidebar"
        className={`sidebar${hidden ? " is-hidden" : ""}${isMobile ? " sidebar--drawer" : ""}`}
        data-testid="sidebar"
        aria-label={t("sidebar.label")}
        aria-hidden={hidden || undefined}
        inert={hidden || undefined}
        {...(isMobile && drawerOpen ? { role: "dialog", "aria-modal": true } : {})}
      >
        {filled ? <SidebarContent isMobile={isMobile} closeDrawer={closeDrawer} /> : null}
      </aside>
    </>
  );
}

/** What the sidebar holds. In a phone's closed drawer it is built after the first screen (useDeferredMount). */
function SidebarContent({ isMobile, closeDrawer }: { isMobile: boolean; closeDrawer: () => void }) {
  const { t } = useTranslation();
  const setDrawerOpen = useSetAtom(drawerOpenAtom);
  const streaming = useAtomValue(streamingAtom);
  const newChat = useNewChat();
  const scrollRef = useRef<HTMLDivElement>(null);

  return (
    <>
      <div className="sidebar__top">
        <div className="brand">
          <Logo size={28} />
          <span className="brand__name">Mây</span>
          <span className="badge badge--beta">Beta</span>
        </div>
        {isMobile ? (
          <button
            type="button"
            className="icon-btn"
            aria-label={t("sidebar.close")}
            onClick={() => setDrawerOpen(false)}
          >
            <IconClose size={20} />
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className="new-chat"
        data-testid="new-chat"
        disabled={streaming?.phase === "creating"}
        onClick={() => {
          newChat();
          closeDrawer();
        }}
      >
        <IconNewChat size={18} />
        <span>{t("sidebar.newChat")}</span>
      </button>
      <SearchChatsButton onNavigate={closeDrawer} />
      <Link to="/prompts" className="sidebar__link" data-testid="open-prompts" onClick={closeDrawer}>
        <IconPen size={18} />
        <span>{t("library.prompts")}</span>
      </Link>
      <SidebarGroup label={t("experts.title")} testId="experts-toggle">
        <ExpertsMenu onPick={closeDrawer} />
      </SidebarGroup>
      <ProjectsSection onNavigate={closeDrawer} />
      <div className="sidebar__scroll" ref={scrollRef} data-testid="sidebar-scroll">
        <HistoryList onNavigate={closeDrawer} scrollRef={scrollRef} />
      </div>
      <div className="sidebar__footer">
        <SidebarGroup label={t("sidebar.more")} testId="sidebar-more">
          <SidebarMore isMobile={isMobile} closeDrawer={closeDrawer} />
        </SidebarGroup>
        <div className="sidebar__prefs">
          <LanguageSelect onChange={(lng) => void saveLanguage(lng).catch(() => {})} />
          {isMobile ? <FullscreenButton className="sidebar__fullscreen" /> : null}
          <ThemeToggle />
        </div>
        <ProfileMenu />
      </div>
    </>
  );
}
