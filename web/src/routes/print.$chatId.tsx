// /print/$chatId: one chat laid out for paper (features/export/print-page.tsx), outside the app's frame: no sidebar,
// header or input, only the chat. Signed-in only, like the chats themselves; the page's code and texts load with it.
import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { getStoredUser } from "../features/auth/every-page/session";
import { PrintPage } from "../features/export/print-page";
import { queryClient } from "../lib/signed-in/query-client";

export const Route = createFileRoute("/print/$chatId")({
  // an id the worker refuses (400) shows as a chat that could not be loaded
  beforeLoad: () => {
    if (!getStoredUser()) throw redirect({ to: "/login" });
  },
  component: PrintRoute,
});

function PrintRoute() {
  const { chatId } = Route.useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <PrintPage chatId={chatId} />
    </QueryClientProvider>
  );
}
