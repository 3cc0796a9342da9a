// The door to rating an answer from its tools row (on-demand/message-tools.tsx): the thumbs come in a chunk of their
// own (thumbs.tsx), so the message tools' chunk stays one module that nothing else imports from. Outside a chat's page
// (no chat id yet) there is nothing to rate.
import { useParams } from "@tanstack/react-router";
import { Suspense, lazy } from "react";

const ChatThumbs = lazy(() => import("./thumbs").then((m) => ({ default: m.ChatThumbs })));

export function FeedbackButtons({ messageId }: { messageId: string }) {
  const { chatId } = useParams({ strict: false }) as { chatId?: string };
  if (!chatId) return null;
  return (
    <Suspense fallback={null}>
      <ChatThumbs chatId={chatId} messageId={messageId} />
    </Suspense>
  );
}
