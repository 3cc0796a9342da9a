// The changelog: the latest five release notes, and all of them after "show all" (a toggle back to five).
import { useId, useState } from "react";
import { HELP_NS } from "./help-i18n";
import { useTranslation } from "react-i18next";
import { LATEST_NOTES_SHOWN, RELEASE_NOTES, type ReleaseNote, noteDate, visibleNotes } from "./release-notes";

export function ReleaseNoteBody({ note }: { note: ReleaseNote }) {
  const { t } = useTranslation(HELP_NS);
  return (
    <ul className="changelog__items">
      {Array.from({ length: note.items }, (_, i) => (
        <li key={i}>{t(`changelog.notes.${note.id}.items.${i}`)}</li>
      ))}
    </ul>
  );
}

export function Changelog({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation(HELP_NS);
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const NoteHeading = headingLevel === 2 ? "h3" : "h4";
  const notes = visibleNotes(RELEASE_NOTES, showAll);
  return (
    <section className="changelog" aria-labelledby={`${listId}-title`} data-testid="changelog">
      <Heading id={`${listId}-title`} className="help__h2">
        {t("changelog.title")}
      </Heading>
      <ol className="changelog__list" id={listId}>
        {notes.map((note) => (
          <li key={note.id} className="changelog__note" data-testid="release-note">
            <NoteHeading className="changelog__title">
              <time dateTime={note.date} className="changelog__date">
                {noteDate(note.date)}
              </time>{" "}
              {t(`changelog.notes.${note.id}.title`)}
            </NoteHeading>
            <ReleaseNoteBody note={note} />
          </li>
        ))}
      </ol>
      {RELEASE_NOTES.length > LATEST_NOTES_SHOWN ? (
        <button
          type="button"
          className="btn btn--ghost"
          aria-expanded={showAll}
          aria-controls={listId}
          data-testid="changelog-show-all"
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll
            ? t("changelog.showLatest", { count: LATEST_NOTES_SHOWN })
            : t("changelog.showAll", { count: RELEASE_NOTES.length })}
        </button>
      ) : null}
    </section>
  );
}
