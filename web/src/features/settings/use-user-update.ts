// After the worker answers with the updated user: the cached user (profile menu, greeting) and the stored one change
// together, so every screen shows the new name or avatar at once.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { authKeys } from "../auth/signed-in/auth.queries";
import type { User } from "../auth/every-page/auth.schemas";
import { storeUser } from "../auth/every-page/session";

export function useUserUpdate() {
  const qc = useQueryClient();
  return useCallback(
    (user: User) => {
      storeUser(user);
      qc.setQueryData(authKeys.me, user);
    },
    [qc],
  );
}
