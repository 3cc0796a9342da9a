// The changelog's release notes (dated 2025.03.18 to 2025.07.15), newest first. Each note's title and
// points are texts of the help namespace, help:changelog.notes.<id>.title and .items.<n> (Vietnamese is the original),
// so the list is the same in every language. A new release adds an entry here and its texts in the four files.
export interface ReleaseNote {
  /** Key of the note's texts under help:changelog.notes. */
  id: string;
  /** Release day, ISO yyyy-mm-dd. */
  date: string;
  /** How many points the note lists (help:changelog.notes.<id>.items.0 … n-1). */
  items: number;
}

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  { id: "r20250715", date: "2025-07-15", items: 3 },
  { id: "r20250701", date: "2025-07-01", items: 2 },
  { id: "r20250617", date: "2025-06-17", items: 3 },
  { id: "r20250603", date: "2025-06-03", items: 2 },
  { id: "r20250520", date: "2025-05-20", items: 3 },
  { id: "r20250506", date: "2025-05-06", items: 3 },
  { id: "r20250421", date: "2025-04-21", items: 2 },
  { id: "r20250402", date: "2025-04-02", items: 2 },
  { id: "r20250318", date: "2025-03-18", items: 3 },
];

/** The changelog shows this many of the latest notes until "show all": 5. */
export const LATEST_NOTES_SHOWN = 5;

/** The notes a list shows: the latest five, or all of them. */
export function visibleNotes(notes: readonly ReleaseNote[], showAll: boolean): readonly ReleaseNote[] {
  return showAll ? notes : notes.slice(0, LATEST_NOTES_SHOWN);
}

/** "2025-07-15" → "2025.07.15", the way the release notes are dated. */
export function noteDate(iso: string): string {
  return iso.replaceAll("-", ".");
}
