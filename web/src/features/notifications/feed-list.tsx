// One feed tab's items (newest first), or a "feature not available" placeholder while the tab is under
// maintenance. Shared by the notification panel and the tab pages (/promotions, /store, /news).
import type { Feed } from "../../../../worker/protocol/feeds";
import { useLibraryTexts } from "../prompts/library-texts";

export function FeedList({ feed, seenBefore }: { feed: Feed; seenBefore?: ReadonlySet<unknown> }) {
  const { t, i18n } = useLibraryTexts();
  if (feed.status === "maintenance") {
    return (
      <div className="feed-maintenance" role="status" data-testid="feed-maintenance">
        <strong>{t("notifications.unavailable")}</strong>
        <p>{t("notifications.maintenance")}</p>
      </div>
    );
  }
  if (feed.items.length === 0) {
    return (
      <p className="feed-empty" role="status" data-testid="feed-empty">
        {t("notifications.empty")}
      </p>
    );
  }
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <ul className="feed-list" data-testid="feed-list" data-tab={feed.tab}>
      {feed.items.map((item) => (
        <li key={item.id} className="feed-item" data-testid="feed-item" data-id={item.id}>
          {item.image ? <img className="feed-item__image" src={item.image} alt="" loading="lazy" /> : null}
          <div className="feed-item__main">
            <h3 className="feed-item__title">
              {item.title}
              {seenBefore && !seenBefore.has(item.id) ? (
                <span className="badge feed-item__new">{t("notifications.unread")}</span>
              ) : null}
            </h3>
            {item.body ? <p className="feed-item__body">{item.body}</p> : null}
            <p className="feed-item__meta">
              <time dateTime={item.published_at}>{date.format(new Date(item.published_at))}</time>
              {item.url ? (
                <a href={item.url} target="_blank" rel="noopener noreferrer" className="feed-item__link">
                  {t("notifications.more")}
                </a>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
