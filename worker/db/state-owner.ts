// The user's Durable Object keeps a copy of some of the user's D1 rows, so that authenticating a call or starting a
// turn reads nothing from D1: the user row with the paid periods, the AI settings, remembered facts and model keys,
// and the recent messages of the chats it has seen. This is the object as the code that changes those rows from
// outside it sees it: what it must be told after such a write has committed.
export interface StateOwner {
  /** The user row or paid periods changed: the object reloads them, applies the plan in force and tells open tabs. */
  userChanged(): Promise<void>;
  /** The AI settings, remembered facts or model keys changed: the object reloads them for the next turn. */
  settingsChanged(): Promise<void>;
  /** These chats' status or messages changed ("all": every chat of the user): the next turn re-reads them. */
  forgetChats(chatIds: string[] | "all"): Promise<void>;
}

/** The object of any user, for a writer that is not bound to one (the bank's webhook pays any user's order). */
export type StateOwners = (userId: string) => Promise<StateOwner>;
