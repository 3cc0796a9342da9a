// /c/$chatId: one chat. Ids that cannot be chat ids go back to '/'. Opening it starts fetching the newest messages
// and the markdown renderer at once, while the screen's code loads, and what the answers need beyond markdown as
// soon as the messages are here (none of it holds up the navigation).
import { createFileRoute, redirect } from "@tanstack/react-router";
import * as v from "valibot";
import { ChatView } from "../../features/chat/chat-view";
import { markStartupDone } from "../../features/chat/every-page/startup";

/** The worker's id rule: 1–100 url-safe characters. */
const ChatIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/));
/** ?m=<message id>: open the chat at that message (a chat search result). */
const ChatSearchSchema = v.object({ m: v.optional(ChatIdSchema) });

export const Route = createFileRoute("/_app/c/$chatId")({
  validateSearch: (search): { m?: string } => {
    const parsed = v.safeParse(ChatSearchSchema, search);
    return parsed.success ? parsed.output : {};
  },
  beforeLoad: ({ params }) => {
    markStartupDone();
    if (!v.is(ChatIdSchema, params.chatId)) throw redirect({ to: "/" });
  },
  loader: ({ context, params }) => {
    const content = Promise.all([context.queryClient(), import("../../features/chat/chat.queries")]).then(
      async ([qc, { chatContentQuery }]) => {
        const query = chatContentQuery(params.chatId);
        await qc.prefetchInfiniteQuery(query);
        // the newest page: the answers shown first
        return qc.getQueryData(query.queryKey)?.pages[0]?.messages ?? [];
      },
    );
    // the renderer at once, and what the last answers need (code colouring, KaTeX, …) as soon as they are here
    void import("../../features/chat/markdown-loader").then((m) => {
      void m.loadMarkdown();
      return content.then(m.loadRendererFor);
    });
  },
  component: ChatRoute,
});

function ChatRoute() {
  const { chatId } = Route.useParams();
  const { m } = Route.useSearch();
  return <ChatView chatId={chatId} focusMessageId={m} />;
}
