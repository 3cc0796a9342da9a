// One message. User questions are bubbles — editable in place, marked "edited" with their first text viewable;
// answers are markdown with the model's mark, a typing indicator while waiting, the generic error text if the answer
// failed (with the id of its request when it failed as it streamed here, for the user to quote to support: the turn's
// log line carries it), the "stopped" note if the user stopped it, numbered sources its [n] markers link to, and — for an answer to
// an edited question — the edit reply's label. A message with other versions shows the ‹ n / total › switch.
// Actions (copy, edit, regenerate, continue in a new chat) come from message-actions.tsx.
import { Suspense, lazy, memo, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../ui/icons";
import type { ChatMessage } from "./chat.schemas";
import { CitationContext } from "./citation-context";
import { Markdown } from "./markdown-loader";
import { CopyMessage, MessageTools } from "./message-actions";
import { useMessageActions } from "./message-actions-context";
import { MessageAttachments } from "../attachments/signed-in/attachments-entry";
import { generatedImageUrl } from "../images/signed-in/generated-image";

/** The "edited" mark with the first text, for the few edited questions. */
// Sources come only with web-search answers: their code loads with the first one.
const Citations = lazy(() => import("./on-demand/citations").then((m) => ({ default: m.Citations })));
const EditedNote = lazy(() => import("./on-demand/edited-note").then((m) => ({ default: m.EditedNote })));
const RequestIdNote = lazy(() => import("./on-demand/request-id-note").then((m) => ({ default: m.RequestIdNote })));
/** The switch between versions loads with the first message that has some. */
const VersionSwitch = lazy(() => import("./on-demand/version-switch"));
/** The editor loads when a question is first edited. */
const MessageEditor = lazy(() => import("./on-demand/message-editor").then((m) => ({ default: m.MessageEditor })));

function Versions({ message }: { message: ChatMessage }) {
  return message.versions && message.versions.length > 1 ? (
    <Suspense fallback={null}>
      <VersionSwitch messageId={message.message_id} versions={message.versions} />
    </Suspense>
  ) : null;
}

function UserMessage({ message, common }: { message: ChatMessage; common: Record<string, string> }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const [editing, setEditing] = useState(false);
  const original = message.edited ? message.original_message : null;
  return (
    <article
      className={`msg msg--user${editing ? " is-editing" : ""}`}
      {...common}
      data-edited={message.edited ? "true" : "false"}
      aria-label={t("chat.you")}
    >
      {editing ? (
        <Suspense fallback={<div className="msg__bubble">{message.message}</div>}>
          <MessageEditor
            text={message.message}
            onCancel={() => setEditing(false)}
            onSave={(text) => {
              setEditing(false);
              actions?.edit(message.message_id, text);
            }}
          />
        </Suspense>
      ) : (
        <>
          {message.attachments?.length ? <MessageAttachments files={message.attachments} /> : null}
          <div className="msg__bubble" data-testid="message-text">
            {message.message}
          </div>
          <div className="msg__actions msg__actions--user">
            <Versions message={message} />
            {original ? (
              <Suspense fallback={null}>
                <EditedNote original={original} />
              </Suspense>
            ) : null}
            <CopyMessage text={message.message} />
            {actions && !message.isStreaming ? <MessageTools onEdit={() => setEditing(true)} /> : null}
          </div>
        </>
      )}
    </article>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  modelName,
}: {
  message: ChatMessage;
  modelName?: string;
}) {
  const { t } = useTranslation();
  const common = {
    "data-testid": "message",
    "data-sender": message.sender,
    "data-message-id": message.message_id,
    "data-stopped": message.stopped ? "true" : "false",
    "data-streaming": message.isStreaming ? "true" : "false",
    "data-error": message.error ? "true" : "false",
    "data-versions": message.versions && message.versions.length > 1 ? "true" : "false",
  };
  const scope = useMemo(
    () => (message.citations.length ? { messageId: message.message_id, count: message.citations.length } : null),
    [message.message_id, message.citations.length],
  );

  if (message.sender === "user") return <UserMessage message={message} common={common} />;

  const failed = Boolean(message.error) && !message.stopped;
  const finished = !message.isStreaming && !message.loading;
  return (
    <article
      className="msg msg--bot"
      {...common}
      data-edit-reply={message.is_edit_response ? "true" : "false"}
      data-for-edited={message.for_edited_message_id ?? undefined}
      aria-label={t("chat.assistant")}
    >
      <div className={`msg__avatar${message.isStreaming ? " is-thinking" : ""}`} aria-hidden="true">
        <Logo size={26} />
      </div>
      <div className="msg__body">
        {message.is_edit_response ? (
          <p className="msg__edit-reply" data-testid="edit-reply-label">
            {t("conversation.editReply")}
          </p>
        ) : null}
        {message.loading ? (
          <div className="typing" role="status" aria-label={t("chat.thinking")}>
            <span />
            <span />
            <span />
          </div>
        ) : failed ? (
          <div className="msg__error" role="alert" data-testid="message-error">
            {t("chat.genericError")}
            {message.errorRequestId && !message.isStreaming ? (
              <Suspense fallback={null}>
                <RequestIdNote id={message.errorRequestId} />
              </Suspense>
            ) : null}
          </div>
        ) : message.message ? (
          <CitationContext.Provider value={scope}>
            <Markdown text={message.message} streaming={Boolean(message.isStreaming)} stopped={message.stopped} />
          </CitationContext.Provider>
        ) : null}
        {message.stopped ? (
          <p className="msg__stopped" data-testid="message-stopped">
            {t("chat.stopped")}
          </p>
        ) : null}
        {message.citations.length > 0 && finished ? (
          <Suspense fallback={null}>
            <Citations
              citations={message.citations}
              messageId={message.message_id}
              searchOffline={Boolean(message.searchOffline)}
            />
          </Suspense>
        ) : null}
        {finished ? (
          <div className="msg__meta msg__actions">
            <Versions message={message} />
            {message.message && !failed ? <CopyMessage text={message.message} /> : null}
            <MessageTools
              messageId={message.message_id}
              model={message.model}
              text={message.message && !failed && !generatedImageUrl(message.message) ? message.message : undefined}
            />
            {modelName && !failed ? <span className="msg__model">{modelName}</span> : null}
            {message.offline && !failed ? (
              <span className="badge badge--muted">
                {t(generatedImageUrl(message.message) ? "images.drawnOffline" : "models.offlineBadge")}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
});
