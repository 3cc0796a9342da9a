// An answer's numbered sources. Citations are untrusted data (a web page, a model, or a saved message from any
// client): only an http(s) URL that parses becomes a link, opened in a new tab without referrer; anything else —
// `javascript:`, `data:`, or text that is not a URL at all — shows as plain text, and nothing here can throw.
import { useTranslation } from "react-i18next";
import type { Citation } from "../../../../../worker/protocol/chat-stream";
import { citationAnchorId } from "../citation-context";

/** The URL when it is a well-formed http(s) URL, else null. */
export function safeCitationUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

export function Citations({
  citations,
  messageId,
  searchOffline = false,
}: {
  citations: readonly Citation[];
  /** The answer's id: each source gets an anchor its [n] markers link to. */
  messageId?: string;
  /** The sources came from the offline search source: say so. */
  searchOffline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="msg__citations" data-testid="citations">
      <span className="msg__citations-label">{t("chat.sources")}</span>
      {searchOffline ? (
        <p className="msg__search-offline" data-testid="search-offline">
          {t("conversation.searchOffline")}
        </p>
      ) : null}
      <ol>
        {citations.map((c, i) => {
          const url = safeCitationUrl(c.url);
          const site = c.site || url?.hostname || "";
          const label = c.title || site || c.url;
          return (
            <li
              key={`${c.url}-${i}`}
              id={messageId ? citationAnchorId(messageId, i + 1) : undefined}
              data-testid="citation"
            >
              {url ? (
                <a href={url.href} target="_blank" rel="noopener noreferrer nofollow">
                  {label}
                </a>
              ) : (
                <span>{label}</span>
              )}
              {site && label !== site ? <span className="msg__citation-site"> · {site}</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
