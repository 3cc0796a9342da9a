// Marks feed items seen (the panel shows them, or a tab's page does), in the atom the bell counts from and in
// localStorage. Ids the server no longer serves are dropped when `live` is given, so the list never grows past the feeds.
import { atom } from "jotai";
import { writeJson } from "../../lib/storage";
import { SEEN_KEY, seenFeedIdsAtom } from "./signed-in/feeds-seen";

export const markFeedsSeenAtom = atom(null, (get, set, { ids, live }: { ids: string[]; live?: string[] }) => {
  const before = get(seenFeedIdsAtom);
  if (ids.every((id) => before.has(id))) return;
  const keep = live ? new Set<unknown>(live) : null;
  const next = new Set<unknown>([...before].filter((id) => !keep || keep.has(id)).concat(ids));
  set(seenFeedIdsAtom, next);
  writeJson(SEEN_KEY, [...next]);
});
