// The image gallery (/gallery): every picture the user generated or edited, newest first, loaded a page at a time as
// the list scrolls; each with its prompt, opening full size in a dialog, a download, and a link back to its chat.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GalleryImage } from "../../../../worker/protocol/images";
import { Dialog } from "../ui/dialog";
import { galleryQuery } from "./gallery.queries";
import { imageModeAtom } from "./signed-in/image-mode.atoms";
import { MEDIA_NS } from "./media-i18n";
import { IconImage } from "./signed-in/media-icons";
import "./gallery.css";

function fileName(image: GalleryImage): string {
  const ext = image.content_type === "image/webp" ? "webp" : image.content_type === "image/jpeg" ? "jpg" : "png";
  return `may-image-${image.id}.${ext}`;
}

function ImageActions({ image }: { image: GalleryImage }) {
  const { t } = useTranslation(MEDIA_NS);
  return (
    <div className="gallery-item__actions">
      <a className="btn btn--ghost btn--sm" href={image.url} download={fileName(image)} data-testid="gallery-download">
        {t("gallery.download")}
      </a>
      {image.chat_id ? (
        <Link
          className="btn btn--ghost btn--sm"
          to="/c/$chatId"
          params={{ chatId: image.chat_id }}
          data-testid="gallery-open-chat"
        >
          {t("gallery.openChat")}
        </Link>
      ) : null}
    </div>
  );
}

export function GalleryPage() {
  const { t, i18n } = useTranslation(MEDIA_NS);
  const router = useRouter();
  const setImageMode = useSetAtom(imageModeAtom);
  const query = useInfiniteQuery(galleryQuery());
  const images = useMemo(() => query.data?.pages.flatMap((p) => p.images) ?? [], [query.data]);
  const [open, setOpen] = useState<GalleryImage | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    document.title = `${t("gallery.title")} · Mây`;
  }, [t]);

  // Infinite scroll: the next page loads when the end of the list comes within 400 px of the screen.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "400px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const createImage = () => {
    setImageMode(true);
    void router.navigate({ to: "/" });
  };

  return (
    <div className="gallery" data-testid="gallery">
      <div className="gallery__head">
        <h1 className="gallery__title">{t("gallery.title")}</h1>
        <button type="button" className="btn btn--primary btn--sm" onClick={createImage} data-testid="gallery-create">
          <IconImage size={16} />
          {t("gallery.create")}
        </button>
      </div>
      {query.isPending ? (
        <div className="gallery__state" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t("gallery.loading")}</span>
        </div>
      ) : query.isError ? (
        <div className="gallery__state" role="alert">
          <p>{t("gallery.loadFailed")}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
            {t("gallery.retry")}
          </button>
        </div>
      ) : images.length === 0 ? (
        <div className="gallery__state" data-testid="gallery-empty">
          <p>{t("gallery.empty")}</p>
        </div>
      ) : (
        <ul className="gallery__grid">
          {images.map((image) => (
            <li
              key={image.id}
              className="gallery-item"
              data-testid="gallery-item"
              data-image-id={image.id}
              data-edit={image.isEdit ? "true" : "false"}
            >
              <button
                type="button"
                className="gallery-item__open"
                onClick={() => setOpen(image)}
                aria-label={t("gallery.openFull", { prompt: image.prompt ?? "" })}
              >
                <img src={image.url} alt={image.prompt ?? t("gallery.untitled")} loading="lazy" decoding="async" />
              </button>
              <div className="gallery-item__body">
                <p className="gallery-item__prompt" data-testid="gallery-prompt">
                  {image.prompt ?? t("gallery.untitled")}
                </p>
                <p className="gallery-item__meta">
                  <time dateTime={image.created_at}>{date.format(new Date(image.created_at))}</time>
                  {image.isEdit ? <span className="badge badge--muted">{t("gallery.edited")}</span> : null}
                  {image.offline ? <span className="badge badge--muted">{t("gallery.offline")}</span> : null}
                </p>
                <ImageActions image={image} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className="gallery__more">
        {isFetchingNextPage ? (
          <span className="spinner spinner--sm" role="status" aria-label={t("gallery.loading")} />
        ) : null}
        {hasNextPage && !isFetchingNextPage ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void fetchNextPage()}
            data-testid="gallery-more"
          >
            {t("gallery.more")}
          </button>
        ) : null}
      </div>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={t("gallery.viewer")}
        size="md"
        testId="gallery-viewer"
      >
        {open ? (
          <figure className="gallery-viewer">
            <img src={open.url} alt={open.prompt ?? t("gallery.untitled")} />
            <figcaption>{open.prompt}</figcaption>
            <ImageActions image={open} />
          </figure>
        ) : null}
      </Dialog>
    </div>
  );
}
