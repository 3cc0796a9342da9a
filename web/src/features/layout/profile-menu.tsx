// The profile menu at the foot of the sidebar: the trigger (avatar, name, plan) and, once opened, the menu panel
// (settings/profile-menu-panel.tsx: subscriptions, settings, blog, referral programme, theme, logout), which loads as its own
// chunk when the pointer or focus reaches the trigger.
import { useQuery } from "@tanstack/react-query";
import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { meQuery } from "../auth/signed-in/auth.queries";
import { IconChevronDown } from "../ui/icons";
import { usePopover } from "../ui/signed-in/use-dismiss";

// Outside layout/ on purpose: vite.config.ts puts all of layout/ into the signed-in chunk every chat page loads.
const loadPanel = () => import("../settings/profile-menu-panel");
const ProfileMenuPanel = lazy(loadPanel);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join("").toUpperCase() || "?";
}

/** Focuses the first item once the panel is in the document (it may still be loading on the first open). */
function focusFirstItem(menu: { current: HTMLDivElement | null }, triesLeft = 20) {
  const item = menu.current?.querySelector<HTMLElement>("[role='menuitem']");
  if (item) item.focus();
  else if (triesLeft > 0) setTimeout(() => focusFirstItem(menu, triesLeft - 1), 50);
}

export function ProfileMenu() {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  const { open, setOpen, close, triggerRef, menuRef } = usePopover();

  const user = me.data;
  const plan = user?.plan ?? "free";

  return (
    <div className="profile">
      {open ? (
        <Suspense fallback={null}>
          <ProfileMenuPanel user={user} menuRef={menuRef} close={close} />
        </Suspense>
      ) : null}
      <button
        ref={triggerRef}
        type="button"
        className="profile__trigger"
        data-testid="profile-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setOpen((o) => !o);
          requestAnimationFrame(() => focusFirstItem(menuRef));
        }}
      >
        <span className="avatar" aria-hidden="true">
          {user?.avatar ? <img src={user.avatar} alt="" /> : initials(user?.name ?? "")}
        </span>
        <span className="profile__who">
          <span className="profile__trigger-name" data-testid="profile-trigger-name">
            {user?.name ?? "…"}
          </span>
          <span className="profile__trigger-plan">{t(`plans.${plan}`)}</span>
        </span>
        <IconChevronDown size={16} className="profile__chevron" />
      </button>
    </div>
  );
}
