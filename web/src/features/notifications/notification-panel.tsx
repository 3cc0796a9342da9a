// The notification panel under the header's bell: tabs offers (the default), store and news, each tab's newest items
// (new ones marked; shown items count as read), the maintenance placeholder, and a link opening the tab's own page in
// a new window. Loaded on the bell's first opening, with the library texts.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { FEED_TABS, type FeedTab } from "../../../../worker/protocol/feeds";
import { useLibraryTexts } from "../prompts/library-texts";
import { useDismiss } from "../ui/signed-in/use-dismiss";
import { FEED_PAGES } from "./feed-pages";
import { FeedList } from "./feed-list";
import { markFeedsSeenAtom } from "./feeds-read";
import { seenFeedIdsAtom } from "./signed-in/feeds-seen";
import { feedsQuery } from "./signed-in/feeds.queries";
import { currentLanguage } from "../../lib/i18n";
import "./notifications.css";

/** Mounted while the panel is open. */
export default function NotificationPanel({
  onClose,
  trigger,
}: {
  onClose: () => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { t, ready } = useLibraryTexts();
  const feeds = useQuery(feedsQuery(currentLanguage()));
  const [tab, setTab] = useState<FeedTab>("offers");
  const markSeen = useSetAtom(markFeedsSeenAtom);
  // What was read when the panel opened: items new then stay marked new while it is open.
  const [seenAtOpen] = useState(useAtomValue(seenFeedIdsAtom));
  const panel = useRef<HTMLDivElement>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useDismiss(true, onClose, [panel, trigger], trigger);

  const { refetch } = feeds;
  useEffect(() => {
    void refetch();
  }, [refetch]);

  // Focus goes to the selected tab once the texts are there (keyboard users land in the panel).
  useEffect(() => {
    if (ready) tabsRef.current?.querySelector<HTMLElement>("[aria-selected='true']")?.focus();
  }, [ready]);

  const feed = feeds.data?.find((f) => f.tab === tab);
  useEffect(() => {
    if (feed?.status !== "live" || !feeds.data) return;
    markSeen({ ids: feed.items.map((i) => i.id), live: feeds.data.flatMap((f) => f.items.map((i) => i.id)) });
  }, [feed, feeds.data, markSeen]);

  const onTabKey = (e: KeyboardEvent) => {
    const at = FEED_TABS.indexOf(tab);
    const next =
      e.key === "ArrowRight"
        ? FEED_TABS[(at + 1) % FEED_TABS.length]
        : e.key === "ArrowLeft"
          ? FEED_TABS[(at + FEED_TABS.length - 1) % FEED_TABS.length]
          : e.key === "Home"
            ? FEED_TABS[0]
            : e.key === "End"
              ? FEED_TABS[FEED_TABS.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    requestAnimationFrame(() => tabsRef.current?.querySelector<HTMLElement>(`[data-tab='${next}']`)?.focus());
  };

  return (
    <div
      ref={panel}
      className="notif-panel"
      role="dialog"
      aria-labelledby={`${id}-title`}
      data-testid="notifications-panel"
    >
      {!ready ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <>
          <h2 id={`${id}-title`} className="notif-panel__title">
            {t("notifications.title")}
          </h2>
          <div
            ref={tabsRef}
            className="notif-panel__tabs"
            role="tablist"
            aria-label={t("notifications.title")}
            onKeyDown={onTabKey}
          >
            {FEED_TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${id}-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`${id}-panel`}
                tabIndex={tab === name ? 0 : -1}
                className={`notif-panel__tab${tab === name ? " is-active" : ""}`}
                data-testid="notifications-tab"
                data-tab={name}
                onClick={() => setTab(name)}
              >
                {t(`notifications.tabs.${name}`)}
              </button>
            ))}
          </div>
          <div
            id={`${id}-panel`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-${tab}`}
            className="notif-panel__body"
            data-testid="notifications-tabpanel"
            data-tab={tab}
          >
            {feed ? (
              <FeedList feed={feed} seenBefore={seenAtOpen} />
            ) : feeds.isError ? (
              <p className="feed-empty">{t("notifications.unavailable")}</p>
            ) : (
              <span className="spinner" aria-hidden="true" />
            )}
          </div>
          <a
            href={FEED_PAGES[tab]}
            target="_blank"
            rel="noopener"
            className="notif-panel__open"
            data-testid="notifications-open-page"
          >
            {t("notifications.openPage")}
          </a>
        </>
      )}
    </div>
  );
}
