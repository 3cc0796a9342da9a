// Whether this device shows notifications (Settings > General; on by default). Read by the header's bell:
// when off it shows no unread count and never refreshes the feeds in the background (the panel still opens and
// loads on click). Kept on this device only, and loaded with the bell, so it is in the signed-in chunk.
import { booleanCodec, persistedAtom } from "../../../lib/persisted-atom";

export const NOTIFICATIONS_KEY = "notifications_enabled";
export const notificationsEnabledAtom = persistedAtom<boolean>(NOTIFICATIONS_KEY, true, booleanCodec);
