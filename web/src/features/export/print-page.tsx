// /print/$chatId: one chat laid out for paper. Every message, in order, its answers with their code coloured, formulas
// typeset, tables and diagrams drawn, under the chat's title and the day it was printed; the browser's print dialog
// (the page's button) prints it or saves it as a PDF, and the print stylesheet drops the button, keeps code and
// formulas whole on a page where it can and wraps long lines instead of cutting them. The messages come from the
// chat's JSON export (GET /chat-sessions/:id/export?format=json), validated here; another user's chat is not found.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { PublicChatSchema, PublicMessageSchema } from "../../../../worker/protocol/resources";
import { ApiError, apiBody } from "../../lib/api";
import { Markdown, loadRendererForTexts } from "../chat/markdown-loader";
import { EXPORT_TEXTS } from "./export-texts";
import "./print.css";

const ChatExportSchema = v.object({
  exported_at: v.string(),
  chat: PublicChatSchema,
  messages: v.array(PublicMessageSchema),
});
type PrintedMessage = v.InferOutput<typeof PublicMessageSchema>;

const exportQuery = (chatId: string) => ({
  queryKey: ["chat-export", chatId] as const,
  queryFn: () => apiBody(`/chat-sessions/${encodeURIComponent(chatId)}/export?format=json`, ChatExportSchema),
  staleTime: 0,
  retry: (count: number, err: unknown) => !(err instanceof ApiError && err.status === 404) && count < 2,
});

function Message({ message, date }: { message: PrintedMessage; date: Intl.DateTimeFormat }) {
  const { t } = useTranslation(EXPORT_TEXTS);
  const when = message.created_at ? date.format(new Date(message.created_at)) : "";
  const bot = message.sender === "bot";
  return (
    <article className={`print-msg print-msg--${message.sender}`} data-testid="print-message">
      <header className="print-msg__head">
        <strong>{bot ? t("print.assistant") : t("print.you")}</strong>
        {bot && message.model ? <span> · {message.model}</span> : null}
        {when ? <span className="print-msg__when"> · {when}</span> : null}
      </header>
      {!message.message.trim() ? (
        <p className="print-msg__note">{t("print.empty")}</p>
      ) : bot ? (
        <Markdown text={message.message} />
      ) : (
        <p className="print-msg__question">{message.message}</p>
      )}
      {message.attachments?.length ? (
        <ul className="print-msg__files">
          {message.attachments.map((file) => (
            <li key={file.name}>📎 {file.name}</li>
          ))}
        </ul>
      ) : null}
      {message.stopped ? <p className="print-msg__note">{t("print.stopped")}</p> : null}
    </article>
  );
}

export function PrintPage({ chatId }: { chatId: string }) {
  const { t, i18n } = useTranslation(EXPORT_TEXTS);
  const exported = useQuery(exportQuery(chatId));
  // the answers are drawn once the renderer and everything they need (colouring, KaTeX, diagrams) has loaded
  const [rendered, setRendered] = useState(false);
  const data = exported.data;
  useEffect(() => {
    if (!data) return;
    let live = true;
    const answers = data.messages.flatMap((m) => (m.sender === "bot" ? [m.message] : []));
    void loadRendererForTexts(answers).finally(() => live && setRendered(true));
    return () => {
      live = false;
    };
  }, [data]);
  useEffect(() => {
    if (data) document.title = `${data.chat.title} · Mây`;
  }, [data]);

  if (exported.isError) {
    const missing = exported.error instanceof ApiError && exported.error.status === 404;
    return (
      <main className="print-page" data-testid="print-page" data-state="error">
        <p role="alert">{missing ? t("print.notFound") : t("print.failed")}</p>
        <Link to="/">{t("print.back")}</Link>
      </main>
    );
  }
  if (!data || !rendered) {
    return (
      <main className="print-page" data-testid="print-page" data-state="loading">
        <p role="status">{t("print.loading")}</p>
      </main>
    );
  }
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(data.exported_at));
  return (
    <main className="print-page" data-testid="print-page" data-state="ready">
      <div className="print-page__tools">
        <Link to="/c/$chatId" params={{ chatId }} className="btn btn--ghost">
          {t("print.back")}
        </Link>
        <button type="button" className="btn btn--primary" data-testid="print-button" onClick={() => window.print()}>
          {t("print.print")}
        </button>
      </div>
      <h1 className="print-page__title">{data.chat.title}</h1>
      <p className="print-page__meta">{t("print.exportedOn", { date: day })}</p>
      {data.messages.map((message) => (
        <Message key={message.message_id} message={message} date={dateTime} />
      ))}
    </main>
  );
}
