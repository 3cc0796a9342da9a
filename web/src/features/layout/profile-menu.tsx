// The profile menu at the foot of the sidebar: who is signed in and on which plan, the follow-system theme switch,
// subscriptions, settings, the blog (a new tab), the referral programme, and logout (which ends this device's
// session on the server).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../auth/auth.api";
import { meQuery } from "../auth/auth.queries";
import { abortActiveStream } from "../chat/chat-actions";
import { FollowSystemSwitch } from "../theme/theme-toggle";
import { IconChevronDown, IconCompass, IconLogout, IconPen, IconSparkle, IconStar } from "../ui/icons";
import { moveFocus, useDismiss } from "../ui/use-dismiss";

/** The product's blog, opened in a new tab. */
export const BLOG_URL = "https://blog.may.chat";

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
          {/* /upgrade and /affiliate belong to the plans feature: plain links, so this menu does not depend on its routes. */}
          <a href="/upgrade" role="menuitem" className="menu__item" data-testid="menu-subscriptions" onClick={close}>
            <IconSparkle size={18} />
            {t("profile.subscriptions")}
          </a>
          <Link to="/settings" role="menuitem" className="menu__item" data-testid="menu-settings" onClick={close}>
            <IconCompass size={18} />
            {t("profile.settings")}
          </Link>
          <a href={BLOG_URL} target="_blank" rel="noopener noreferrer" role="menuitem" className="menu__item" data-testid="menu-blog" onClick={close}>
            <IconPen size={18} />
            {t("profile.blog")}
          </a>
          <a href="/affiliate" role="menuitem" className="menu__item" data-testid="menu-referral" onClick={close}>
            <IconStar size={18} />
            {t("profile.referral")}
          </a>
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
          <span className="profile__trigger-name" data-testid="profile-trigger-name">{user?.name ?? "…"}</span>
          <span className="profile__trigger-plan">{t(`plans.${plan}`)}</span>
        </span>
        <IconChevronDown size={16} className="profile__chevron" />
      </button>
    </div>
  );
}
