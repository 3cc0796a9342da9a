// One message. User questions are bubbles; answers are markdown with the model's mark, a typing indicator while
// waiting, the generic error text if the answer failed, and the "stopped" note if the user stopped it.
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconCheck, IconCopy, Logo } from "../ui/icons";
import type { ChatMessage } from "./chat.schemas";
import { Markdown } from "./markdown-loader";
import { Citations } from "./citations";
import { MessageAttachments } from "../attachments/attachments-entry";
import { generatedImageUrl } from "../images/generated-image";

function CopyMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="icon-btn icon-btn--sm"
      aria-label={copied ? t("chat.copied") : t("chat.copy")}
      data-tooltip={copied ? t("chat.copied") : t("chat.copy")}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          // clipboard refused (permissions): nothing to show
        }
      }}
    >
      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
    </button>
  );
}

export const MessageItem = memo(function MessageItem({ message, modelName }: { message: ChatMessage; modelName?: string }) {
  const { t } = useTranslation();
  const common = {
    "data-testid": "message",
    "data-sender": message.sender,
    "data-message-id": message.message_id,
    "data-stopped": message.stopped ? "true" : "false",
    "data-streaming": message.isStreaming ? "true" : "false",
    "data-error": message.error ? "true" : "false",
  };

  if (message.sender === "user") {
    return (
      <article className="msg msg--user" {...common} aria-label={t("chat.you")}>
        {message.attachments?.length ? <MessageAttachments files={message.attachments} /> : null}
        <div className="msg__bubble">{message.message}</div>
      </article>
    );
  }

  const failed = Boolean(message.error) && !message.stopped;
  const finished = !message.isStreaming && !message.loading;
  return (
    <article className="msg msg--bot" {...common} aria-label={t("chat.assistant")}>
      <div className={`msg__avatar${message.isStreaming ? " is-thinking" : ""}`} aria-hidden="true">
        <Logo size={26} />
      </div>
      <div className="msg__body">
        {message.loading ? (
          <div className="typing" role="status" aria-label={t("chat.thinking")}>
            <span />
            <span />
            <span />
          </div>
        ) : failed ? (
          <div className="msg__error" role="alert" data-testid="message-error">
            {t("chat.genericError")}
          </div>
        ) : message.message ? (
          <Markdown text={message.message} streaming={Boolean(message.isStreaming)} />
        ) : null}
        {message.stopped ? (
          <p className="msg__stopped" data-testid="message-stopped">
            {t("chat.stopped")}
          </p>
        ) : null}
        {message.citations && message.citations.length > 0 && finished ? <Citations citations={message.citations} /> : null}
        {finished && !failed ? (
          <div className="msg__meta">
            {message.message ? <CopyMessage text={message.message} /> : null}
            {modelName ? <span className="msg__model">{modelName}</span> : null}
            {message.offline ? <span className="badge badge--muted">{t(generatedImageUrl(message.message) ? "images.drawnOffline" : "models.offlineBadge")}</span> : null}
          </div>
        ) : null}
      </div>
    </article>
  );
});
