// /promotions, /store and /news: the whole of one feed tab (opened in a new window from the notification panel).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { apiBody } from "../../lib/api";
import { errorMessage } from "../../lib/error-message";
import { FEED_PAGE_MAX, type FeedTab, FeedsBodySchema } from "../../../../worker/protocol/feeds";
import { useLibraryTexts } from "../prompts/library-texts";
import { FeedList } from "./feed-list";
import { markFeedsSeenAtom } from "./feeds-read";
import { FEED_REFRESH_MS } from "./signed-in/feeds.queries";
import { currentLanguage } from "../../lib/i18n";
import "./notifications.css";

const feedTabQuery = (tab: FeedTab, lang: string) =>
  queryOptions({
    queryKey: ["feeds", lang, tab],
    queryFn: async ({ signal }) =>
      (await apiBody(`/feeds?tab=${tab}&lang=${lang}&limit=${FEED_PAGE_MAX}`, FeedsBodySchema, { signal })).data
        .feeds[0] ?? null,
    refetchInterval: FEED_REFRESH_MS,
  });

export function FeedPage({ tab }: { tab: FeedTab }) {
  const { t, ready } = useLibraryTexts();
  const { t: tMain } = useTranslation();
  const feed = useQuery(feedTabQuery(tab, currentLanguage()));
  const markSeen = useSetAtom(markFeedsSeenAtom);
  const data = feed.data;
  useEffect(() => {
    if (data?.status === "live") markSeen({ ids: data.items.map((i) => i.id) });
  }, [data, markSeen]);

  if (!ready) return <span className="spinner" aria-hidden="true" />;
  return (
    <div className="feed-page" data-testid="feed-page" data-tab={tab}>
      <Link to="/" className="btn btn--ghost btn--sm">
        ← {t("notifications.back")}
      </Link>
      <h1 className="feed-page__title">{t(`notifications.tabs.${tab}`)}</h1>
      {feed.isError ? (
        <div className="notice notice--error" role="alert">
          {errorMessage(tMain, feed.error)}
        </div>
      ) : null}
      {data ? <FeedList feed={data} /> : feed.isPending ? <span className="spinner" aria-hidden="true" /> : null}
    </div>
  );
}
