// /blog: the product's blog. The profile menu offers a blog and there is no blog site to send it to, so the blog
// is this page: the release notes as posts, newest first, all of them, part of the app so the link works offline too.
import { BetaNotice } from "./help-page";
import { ReleaseNoteBody } from "./changelog";
import { useHelpTexts } from "./help-i18n";
import { RELEASE_NOTES, noteDate } from "./release-notes";
import "./help.css";

export function BlogPage() {
  const { t, ready } = useHelpTexts();
  if (!ready) return <span className="spinner" aria-hidden="true" />;
  return (
    <div className="help" data-testid="blog-page">
      <h1 className="help__title">{t("blog.title")}</h1>
      <p className="help__lead">{t("blog.subtitle")}</p>
      <BetaNotice />
      {RELEASE_NOTES.map((note) => (
        <article key={note.id} className="blog__post" aria-labelledby={`post-${note.id}`} data-testid="blog-post">
          <h2 id={`post-${note.id}`} className="help__h2">
            {t(`changelog.notes.${note.id}.title`)}
          </h2>
          <p className="blog__date">
            <time dateTime={note.date}>{noteDate(note.date)}</time>
          </p>
          <ReleaseNoteBody note={note} />
        </article>
      ))}
    </div>
  );
}
