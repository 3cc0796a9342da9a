// /c/$chatId: one chat. Ids that cannot be chat ids go back to '/'.
import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { ChatView } from "../../features/chat/chat-view";
import { markStartupDone } from "../../features/chat/restore-chat";

/** The worker's id rule: 1–100 url-safe characters. */
const ChatIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/));

export const Route = createFileRoute("/_app/c/$chatId")({
  beforeLoad: ({ params }) => {
    markStartupDone();
    if (!v.is(ChatIdSchema, params.chatId)) throw redirect({ to: "/" });
  },
  component: ChatRoute,
});

function ChatRoute() {
  const { chatId } = Route.useParams();
  return <ChatView chatId={chatId} />;
}
