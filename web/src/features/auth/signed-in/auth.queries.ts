// The signed-in user as server state. It is validated at startup, so stored credentials are checked with the server
// before the app trusts them.
import { queryOptions } from "@tanstack/react-query";
import { fetchMe } from "../every-page/auth.api";
import { storeUser } from "../every-page/session";

export const authKeys = { me: ["auth", "me"] as const };

export const meQuery = () =>
  queryOptions({
    queryKey: authKeys.me,
    queryFn: async () => {
      const user = await fetchMe();
      storeUser(user);
      return user;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
