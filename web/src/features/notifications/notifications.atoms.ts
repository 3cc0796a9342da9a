// Settings kept on this device only: whether the app may show notifications (the spec's default: on).
import { booleanCodec, persistedAtom } from "../../lib/persisted-atom";

export const NOTIFICATIONS_KEY = "notifications_enabled";
export const notificationsEnabledAtom = persistedAtom<boolean>(NOTIFICATIONS_KEY, true, booleanCodec);
