// Content (/admin/feeds): the notification feeds' items (offers, store, news) without SQL. Pick a tab and a language
// (each language's item is its own row), write a new item or edit one — a draft, published now or at a set time — and
// publish it or take it down; put a whole tab under maintenance and back. Beside the form, a live preview of the item
// as the bell shows it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { LoadError, Loading, useFormats } from "./admin-bits";
import { type FeedChange, adminCalls, adminKeys, adminQueries } from "./admin.queries";
import { FEED_LANGS, FEED_TABS, type FeedItem, type FeedLang, type FeedTab } from "./admin.schemas";
import { useAdminTexts } from "./admin-texts";
import { FeedItemPreview } from "./feed-item-preview";

/** A time in ms as a datetime-local input's value (the operator's own time zone). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export function FeedsPage() {
  const { t } = useAdminTexts();
  const qc = useQueryClient();
  const feeds = useQuery(adminQueries.feeds());
  const [tab, setTab] = useState<FeedTab>("news");
  const [lang, setLang] = useState<FeedLang>("en");
  const [editing, setEditing] = useState<string | "new">("new");
  const f = useFormats();
  const maintenance = useMutation({
    mutationFn: (on: boolean) => adminCalls.setMaintenance(tab, on),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.feeds }),
    onError: (err) => toast.error(errorMessage(t, err)),
  });

  if (feeds.isError) return <LoadError error={feeds.error} />;
  if (!feeds.data) return <Loading />;
  const feed = feeds.data.find((x) => x.tab === tab);
  const items = (feed?.items ?? []).filter((i) => i.lang === lang);
  const item = editing === "new" ? undefined : items.find((i) => i.id === editing);

  return (
    <section className="adm-page" data-testid="admin-feeds">
      <h1>{t("feeds.title")}</h1>
      <div className="adm-tabs" role="group" aria-label={t("feeds.tab")}>
        {FEED_TABS.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn btn--sm${name === tab ? " btn--primary" : " btn--ghost"}`}
            aria-pressed={name === tab}
            onClick={() => {
              setTab(name);
              setEditing("new");
            }}
            data-testid={`admin-feed-tab-${name}`}
          >
            {t(`feeds.tabs.${name}`)}
          </button>
        ))}
      </div>
      <label className="adm-check">
        <input
          type="checkbox"
          checked={feed?.maintenance ?? false}
          disabled={maintenance.isPending}
          onChange={(e) => maintenance.mutate(e.target.checked)}
          data-testid="admin-feed-maintenance"
        />
        {t("feeds.maintenance")}
      </label>
      <div className="adm-tabs" role="group" aria-label={t("feeds.language")}>
        {FEED_LANGS.map((l) => (
          <button
            key={l}
            type="button"
            className={`btn btn--sm${l === lang ? " btn--primary" : " btn--ghost"}`}
            aria-pressed={l === lang}
            onClick={() => {
              setLang(l);
              setEditing("new");
            }}
            data-testid={`admin-feed-lang-${l}`}
          >
            {l.toUpperCase()}
          </button>
        ))}
      </div>
      <div className="adm-split">
        <div>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setEditing("new")}
            data-testid="admin-feed-new"
          >
            + {t("feeds.new")}
          </button>
          {items.length === 0 ? (
            <p className="adm-empty">{t("feeds.none")}</p>
          ) : (
            <ul className="adm-list">
              {items.map((i) => (
                <li key={i.id}>
                  <button
                    type="button"
                    className={`adm-list__item${i.id === editing ? " is-active" : ""}`}
                    onClick={() => setEditing(i.id)}
                    data-testid="admin-feed-item"
                    data-id={i.id}
                    data-draft={i.draft}
                  >
                    <strong>{i.title}</strong>
                    <span className="adm-muted">
                      {i.draft ? t("feeds.draft") : i.publishedAt > Date.now() ? t("feeds.scheduled") : t("feeds.live")}{" "}
                      · {f.dateTime(i.publishedAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FeedForm
          key={`${tab}|${lang}|${item?.id ?? "new"}`}
          tab={tab}
          lang={lang}
          item={item}
          onCreated={(id) => setEditing(id)}
        />
      </div>
    </section>
  );
}

function FeedForm({
  tab,
  lang,
  item,
  onCreated,
}: {
  tab: FeedTab;
  lang: FeedLang;
  item?: FeedItem;
  onCreated: (id: string) => void;
}) {
  const { t } = useAdminTexts();
  const qc = useQueryClient();
  const [title, setTitle] = useState(item?.title ?? "");
  const [body, setBody] = useState(item?.body ?? "");
  const [url, setUrl] = useState(item?.url ?? "");
  const [image, setImage] = useState(item?.image ?? "");
  const [when, setWhen] = useState(item ? toLocalInput(item.publishedAt) : "");
  const fields = (): FeedChange => ({
    title: title.trim(),
    body: body.trim(),
    url: url.trim() || null,
    image: image.trim() || null,
    ...(when ? { published_at: new Date(when).toISOString() } : {}),
  });
  const done = (message: string) => {
    toast.success(message);
    return qc.invalidateQueries({ queryKey: adminKeys.feeds });
  };
  const fail = (err: unknown) => toast.error(errorMessage(t, err));
  const create = useMutation({
    mutationFn: (draft: boolean) => adminCalls.createFeedItem({ tab, lang, ...fields(), title: title.trim(), draft }),
    onSuccess: async (row, draft) => {
      await done(draft ? t("feeds.savedDraft") : t("feeds.published"));
      onCreated(row.id);
    },
    onError: fail,
  });
  const edit = useMutation({
    mutationFn: (change: FeedChange) => adminCalls.editFeedItem(item!.id, change),
    onSuccess: (_row, change) =>
      done(change.draft === false ? t("feeds.published") : change.draft ? t("feeds.takenDown") : t("feeds.saved")),
    onError: fail,
  });
  const busy = create.isPending || edit.isPending;
  const canSave = title.trim().length > 0 && !busy;
  const preview: FeedItem = {
    id: item?.id ?? "preview",
    tab,
    lang,
    title: title.trim() || t("feeds.titlePlaceholder"),
    body: body.trim(),
    url: url.trim() || null,
    image: image.trim() || null,
    publishedAt: when ? new Date(when).getTime() : Date.now(),
    draft: item?.draft ?? true,
  };

  return (
    <div className="adm-editor">
      <form
        className="adm-form"
        data-testid="admin-feed-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!canSave) return;
          if (item) edit.mutate(fields());
          else create.mutate(true);
        }}
      >
        <h2>{item ? t("feeds.edit") : t("feeds.new")}</h2>
        <label>
          {t("feeds.fields.title")}
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            required
            data-testid="admin-feed-title"
          />
        </label>
        <label>
          {t("feeds.fields.body")}
          <textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            maxLength={4000}
            rows={4}
            data-testid="admin-feed-body"
          />
        </label>
        <label>
          {t("feeds.fields.url")}
          <input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://… /news" />
        </label>
        <label>
          {t("feeds.fields.image")}
          <input value={image} onChange={(e) => setImage(e.target.value)} placeholder="https://…" />
        </label>
        <label>
          {t("feeds.fields.publishedAt")}
          <input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
        </label>
        <div className="adm-actions">
          <button type="submit" className="btn btn--ghost" disabled={!canSave} data-testid="admin-feed-save">
            {item ? t("feeds.save") : t("feeds.saveDraft")}
          </button>
          {!item ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={!canSave}
              onClick={() => create.mutate(false)}
              data-testid="admin-feed-publish"
            >
              {t("feeds.publish")}
            </button>
          ) : item.draft ? (
            <button
              type="button"
              className="btn btn--primary"
              disabled={!canSave}
              onClick={() => edit.mutate({ ...fields(), draft: false })}
              data-testid="admin-feed-publish"
            >
              {t("feeds.publish")}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--danger"
              disabled={busy}
              onClick={() => edit.mutate({ draft: true })}
              data-testid="admin-feed-unpublish"
            >
              {t("feeds.takeDown")}
            </button>
          )}
        </div>
      </form>
      <div className="adm-preview" data-testid="admin-feed-preview">
        <h2>{t("feeds.preview")}</h2>
        <FeedItemPreview item={preview} />
      </div>
    </div>
  );
}
