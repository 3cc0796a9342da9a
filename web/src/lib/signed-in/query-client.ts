// The app's one React Query client. Only the signed-in screens use server-state queries, so this module (and React
// Query with it) is loaded by them, on demand: the sign-in page does not fetch it.
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers are final; network trouble and 5xx get two more tries
      retry: (failures, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** For route hooks in the entry chunk: the client, loaded with its module the first time it is needed. */
export type LoadQueryClient = () => Promise<QueryClient>;
