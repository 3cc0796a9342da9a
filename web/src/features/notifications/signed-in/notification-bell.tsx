// The header's bell: the unread count of the notification feeds, and the panel (offers, store, news) it opens. The
// bell is always loaded, so it is kept tiny; the panel's code and texts load on its first opening, and the panel
// refetches the feeds each time it opens. With notifications switched off (Settings > General) the bell neither
// fetches the feeds nor refreshes them every 6 hours, and shows no count; the panel still opens and loads them.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { Suspense, lazy, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n";
import { Svg, type IconProps } from "../../ui/icons";
import { seenFeedIdsAtom } from "./feeds-seen";
import { feedsQuery } from "./feeds.queries";
import { notificationsEnabledAtom } from "./notifications.atoms";
import "./notification-bell.css";

const NotificationPanel = lazy(() => import("../notification-panel"));

const IconBell = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9m4.3 13a2 2 0 0 0 3.4 0" />
  </Svg>
);

export function NotificationBell() {
  const { t } = useTranslation();
  const enabled = useAtomValue(notificationsEnabledAtom);
  // Off: no fetch and no 6-hour interval from here (the panel's own query still loads the feeds when it opens).
  const feeds = useQuery({ ...feedsQuery(currentLanguage()), enabled }).data;
  const seen = useAtomValue(seenFeedIdsAtom);
  // Unread: items of the tabs not under maintenance that the user has not seen; none shown while notifications are off.
  let unread = 0;
  if (enabled)
    for (const f of feeds ?? []) for (const i of f.items) if (f.status === "live" && !seen.has(i.id)) unread++;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = t("library.notifications");
  // The button's name is its text: "Notifications" (visually hidden), then the unread count when there is one.
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-btn bell"
        data-testid="notifications-bell"
        data-tooltip={label}
        data-tooltip-side="left"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <IconBell />
        <span className="visually-hidden">{label}</span>
        {unread ? <span className="bell__count">{unread}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}
