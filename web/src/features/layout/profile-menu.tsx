// The profile menu at the foot of the sidebar: who is signed in and on which plan, the follow-system theme switch,
// and logout (which ends this device's session on the server).
import { useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../auth/auth.api";
import { meQuery } from "../auth/auth.queries";
import { abortActiveStream } from "../chat/chat-actions";
import { FollowSystemSwitch } from "../theme/theme-toggle";
import { IconChevronDown, IconLogout } from "../ui/icons";
import { moveFocus, useDismiss } from "../ui/use-dismiss";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join("").toUpperCase() || "?";
}

export function ProfileMenu() {
  const { t } = useTranslation();
  const me = useQuery(meQuery());
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useRef([triggerRef, menuRef]).current;
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, refs, triggerRef);

  const user = me.data;
  const plan = user?.plan ?? "free";

  const onLogout = async () => {
    setLeaving(true);
    abortActiveStream();
    await logout();
    window.location.assign("/login");
  };

  return (
    <div className="profile">
      {open ? (
        <div ref={menuRef} className="menu profile__menu" role="menu" aria-label={t("profile.menu")} onKeyDown={(e) => moveFocus(menuRef.current, e)}>
          <div className="profile__summary">
            <div className="profile__name">{user?.name}</div>
            <div className="profile__email">{user?.email}</div>
            <span className={`badge badge--plan-${plan}`}>{t(`plans.${plan}`)}</span>
          </div>
          <div className="menu__separator" role="separator" />
          <div className="menu__row">
            <FollowSystemSwitch />
          </div>
          <div className="menu__separator" role="separator" />
          <button type="button" role="menuitem" className="menu__item menu__item--danger" data-testid="logout-button" disabled={leaving} onClick={() => void onLogout()}>
            <IconLogout size={18} />
            {t("profile.logout")}
          </button>
        </div>
      ) : null}
      <button
        ref={triggerRef}
        type="button"
        className="profile__trigger"
        data-testid="profile-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setOpen((o) => !o);
          requestAnimationFrame(() => menuRef.current?.querySelector<HTMLElement>("[role='menuitem']")?.focus());
        }}
      >
        <span className="avatar" aria-hidden="true">
          {user?.avatar ? <img src={user.avatar} alt="" /> : initials(user?.name ?? "")}
        </span>
        <span className="profile__who">
          <span className="profile__trigger-name">{user?.name ?? "…"}</span>
          <span className="profile__trigger-plan">{t(`plans.${plan}`)}</span>
        </span>
        <IconChevronDown size={16} className="profile__chevron" />
      </button>
    </div>
  );
}
