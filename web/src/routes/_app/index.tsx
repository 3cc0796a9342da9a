// '/': a new chat — or, when the app starts here, the chat from the last visit if it still exists.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { ChatView } from "../../features/chat/chat-view";
import { chatToRestore } from "../../features/chat/restore-chat";

export const Route = createFileRoute("/_app/")({
  beforeLoad: async ({ context }) => {
    const chatId = await chatToRestore(context.queryClient);
    if (chatId) throw redirect({ to: "/c/$chatId", params: { chatId }, replace: true });
  },
  component: () => <ChatView chatId={null} />,
});
