// One owner for a user's state. The user's Durable Object keeps a copy of some of the user's D1 rows, so that
// authenticating a call or starting a turn reads nothing from D1: the user row with the paid periods, the AI
// settings, remembered facts and model keys, and the recent messages of the chats it has seen. A change made to
// those rows outside the object must reach it, or it answers from a stale copy.
//
// So the db/ writers of those rows are the one place that tells it: each takes the user's object (`owner`, this
// interface) and, once its write has committed, calls it itself. A route cannot change cached data without handing
// the writer the object, and cannot forget to tell it. The writers of rows the object does not keep (titles, stars,
// linked identities, images, uploads, orders) take no owner; the object's own writes (sessions, the plan at a period's
// boundary, a turn's messages and counts) go through it already and never come back here.
//
// Why the writers tell the object rather than the object doing the writes: D1 is as far from the object as from the
// Worker (one region), so moving a write into the object saves nothing, while the checks around each write (the
// payment's batch and retries, the email's uniqueness, the memory cap in one statement, the password and rate-limit
// checks) stay where they are, with their routes and queries, and the object's RPC stays small. The cost is what it
// was: one D1 write, then one call to the object, which re-reads what changed (one D1 batch, or nothing for a chat:
// it forgets its window). A turn still waits on no D1 read before its first token, and the next turn in a chat whose
// messages were saved from outside reads the chat again in the one batch a first turn in a chat always makes.
export interface StateOwner {
  /** The user row or paid periods changed: the object reloads them, applies the plan in force and tells open tabs. */
  userChanged(): Promise<void>;
  /** The AI settings, remembered facts or model keys changed: the object reloads them for the next turn. */
  settingsChanged(): Promise<void>;
  /** These chats' status or messages changed ("all": every chat of the user): the next turn re-reads them. */
  forgetChats(chatIds: string[] | "all"): Promise<void>;
}

/** The object of any user, for a writer that is not bound to one (the bank's webhook pays any user's order). */
export type StateOwners = (userId: string) => StateOwner;
