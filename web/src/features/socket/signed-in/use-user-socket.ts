// Keeps the signed-in user's socket open while the app shell is mounted and reacts to what the server pushes:
// a forced logout opens the popup (and stops everything that would still call the API), a premium expiry warns with
// a renew action, and a plan change (bought, extended or ended) refetches what depends on the plan.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useEffect } from "react";
import i18next from "i18next";
import type { ServerMessage } from "../../../../../worker/protocol/socket";
import { abortActiveStream } from "../../chat/chat-actions";
import { toast } from "../../toast/toast.atoms";
import { forcedLogoutAtom } from "../forced-logout.atoms";
import { createSocketClient } from "./socket-client";

export function useUserSocket(userId: string | undefined) {
  const store = useStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;
    let client: ReturnType<typeof createSocketClient> | null = null;
    const onMessage = (message: ServerMessage) => {
      if (message.type === "active_sessions_info") {
        if (message.force_logout || !message.current_session_active) {
          client?.close();
          abortActiveStream();
          store.set(forcedLogoutAtom, { reason: message.reason ?? null, message: message.message });
        }
      } else if (message.type === "premium_expiration") {
        toast.warning(
          message.expired
            ? i18next.t("premium.expired")
            : i18next.t("premium.expiresSoon", { count: message.days_left }),
          {
            key: "premium",
            duration: 10_000,
            action: { label: i18next.t("usage.action.upgrade"), onClick: () => void navigate({ to: "/upgrade" }) },
          },
        );
      } else if (message.type === "plan_changed") {
        // bought, extended or ended (the end also comes as premium_expiration): the user (plan badge), the models
        // (locks, quotas), and premium info and history (the "plans" queries) are fetched again
        for (const queryKey of [["auth", "me"], ["models"], ["plans"]])
          void queryClient.invalidateQueries({ queryKey });
      }
    };
    client = createSocketClient({ userId, onMessage });
    return () => client?.close();
  }, [userId, store, queryClient, navigate]);
}
