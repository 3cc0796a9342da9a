// The user's shared links as server state: one query, which the share dialog (creating, revoking) and Settings'
// list (revoking) invalidate after a change.
import { queryOptions } from "@tanstack/react-query";
import { fetchShares } from "./shares.api";

export const shareKeys = {
  list: () => ["shares", "list"] as const,
};

export const sharesQuery = () => queryOptions({ queryKey: shareKeys.list(), queryFn: fetchShares });
