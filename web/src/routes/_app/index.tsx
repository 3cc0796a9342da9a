// '/': a new chat — or, when the app starts here, the chat from the last visit if it still exists.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { ChatView } from "../../features/chat/chat-view";

export const Route = createFileRoute("/_app/")({
  beforeLoad: async ({ context }) => {
    const [qc, { chatToRestore }] = await Promise.all([
      context.queryClient(),
      import("../../features/chat/restore-chat"),
    ]);
    const chatId = await chatToRestore(qc);
    if (chatId) throw redirect({ to: "/c/$chatId", params: { chatId }, replace: true });
  },
  component: () => <ChatView chatId={null} />,
});
