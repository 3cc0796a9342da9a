// Which feed items this browser has seen (the bell's unread count): their ids in localStorage (the feeds are the same
// for everyone, and a logout clears the item). Always loaded with the bell, so only the reading side is here; marking
// items seen (feeds-read.ts) loads with the panel. A hand-edited item at worst shows items as unread: ids are only
// compared, never used for anything else.
import { atom } from "jotai";
import { readJson } from "../../../lib/storage";

export const SEEN_KEY = "feeds_seen";

const stored = readJson(SEEN_KEY);
export const seenFeedIdsAtom = atom<ReadonlySet<unknown>>(new Set(Array.isArray(stored) ? stored : []));
