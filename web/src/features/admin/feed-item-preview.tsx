// The bell's feed item as the console previews it: a faithful small copy of notifications/feed-list.tsx's item (its
// markup and look), because importing that one would load the notification panel's chunk (the prompt library's)
// with the console. Its "details" link is written in the item's language, as its readers see it.
import type { FeedItem } from "./admin.schemas";
import { useAdminTexts } from "./admin-texts";

export function FeedItemPreview({ item }: { item: FeedItem }) {
  const { t } = useAdminTexts();
  const date = new Intl.DateTimeFormat(item.lang, { dateStyle: "medium" });
  return (
    <ul className="adm-feed-list">
      <li className="adm-feed-item" data-id={item.id}>
        {item.image ? <img className="adm-feed-item__image" src={item.image} alt="" /> : null}
        <div className="adm-feed-item__main">
          <h3 className="adm-feed-item__title" data-testid="admin-feed-preview-title">
            {item.title}
          </h3>
          {item.body ? <p className="adm-feed-item__body">{item.body}</p> : null}
          <p className="adm-feed-item__meta">
            <time dateTime={new Date(item.publishedAt).toISOString()}>{date.format(new Date(item.publishedAt))}</time>
            {item.url ? (
              <a href={item.url} target="_blank" rel="noopener noreferrer" className="adm-feed-item__link">
                {t(`preview.more.${item.lang}`)}
              </a>
            ) : null}
          </p>
        </div>
      </li>
    </ul>
  );
}
