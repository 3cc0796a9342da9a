// The open profile menu: who is signed in and on which plan, the follow-system theme switch, subscriptions, settings,
// the blog (/blog, the release notes as posts: there is no blog site to link to), the referral programme and logout.
// Its own chunk, loaded when the menu is about to open (the trigger's hover or focus), so the chat screens do not carry
// it.
import { Link } from "@tanstack/react-router";
import { type Ref, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../auth/every-page/auth.api";
import type { User } from "../auth/every-page/auth.schemas";
import { abortActiveStream } from "../chat/chat-actions";
import { FollowSystemSwitch } from "../theme/theme-toggle";
import { IconPen, IconStar } from "../ui/icons";
import { IconCompass, IconLogout, IconSparkle } from "../ui/more-icons";
import { moveFocus } from "../ui/signed-in/use-dismiss";
import { ShortcutsMenuItem } from "../power-keys/shortcuts-menu-item";

export default function ProfileMenuPanel({
  user,
  menuRef,
  close,
}: {
  user: User | undefined;
  menuRef: Ref<HTMLDivElement>;
  close: () => void;
}) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const plan = user?.plan ?? "free";

  const onLogout = async () => {
    setLeaving(true);
    abortActiveStream();
    await logout();
    window.location.assign("/login");
  };

  return (
    <div
      ref={menuRef}
      className="menu profile__menu"
      role="menu"
      aria-label={t("profile.menu")}
      onKeyDown={(e) => moveFocus(e.currentTarget, e)}
    >
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
      <Link to="/upgrade" role="menuitem" className="menu__item" data-testid="menu-subscriptions" onClick={close}>
        <IconSparkle size={18} />
        {t("profile.subscriptions")}
      </Link>
      <Link to="/settings" role="menuitem" className="menu__item" data-testid="menu-settings" onClick={close}>
        <IconCompass size={18} />
        {t("profile.settings")}
      </Link>
      <Link to="/blog" role="menuitem" className="menu__item" data-testid="menu-blog" onClick={close}>
        <IconPen size={18} />
        {t("profile.blog")}
      </Link>
      <Link to="/affiliate" role="menuitem" className="menu__item" data-testid="menu-referral" onClick={close}>
        <IconStar size={18} />
        {t("profile.referral")}
      </Link>
      <Suspense fallback={null}>
        <ShortcutsMenuItem close={close} />
      </Suspense>
      <div className="menu__separator" role="separator" />
      <button
        type="button"
        role="menuitem"
        className="menu__item menu__item--danger"
        data-testid="logout-button"
        disabled={leaving}
        onClick={() => void onLogout()}
      >
        <IconLogout size={18} />
        {t("profile.logout")}
      </button>
    </div>
  );
}
