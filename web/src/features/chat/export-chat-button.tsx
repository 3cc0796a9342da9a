// The header's export button in an open chat: a small menu of two downloads, the chat as Markdown or as JSON
// (GET /chat-sessions/:id/export, answered as a file). Plain links: the session cookie goes with them, and the browser
// saves the file under the name the worker gives it.
import { useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { IconDownload } from "../ui/icons";
import { usePopover } from "../ui/signed-in/use-dismiss";

const FORMATS = [
  { format: "markdown", label: "conversation.exportMarkdown" },
  { format: "json", label: "conversation.exportJson" },
] as const;

export function ExportChatButton() {
  const { t } = useTranslation();
  const { chatId } = useParams({ strict: false });
  const { open, setOpen, close, triggerRef, menuRef } = usePopover();
  if (!chatId) return null;
  return (
    <div className="export-chat">
      <button
        ref={triggerRef}
        type="button"
        className="icon-btn"
        data-testid="export-chat"
        aria-label={t("conversation.export")}
        data-tooltip={open ? undefined : t("conversation.export")}
        data-tooltip-side="left"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <IconDownload size={20} />
      </button>
      {open ? (
        <div ref={menuRef} className="menu export-chat__menu" role="menu" aria-label={t("conversation.export")}>
          {FORMATS.map(({ format, label }) => (
            <a
              key={format}
              role="menuitem"
              className="menu__item"
              data-testid={`export-${format}`}
              href={`/chat-sessions/${encodeURIComponent(chatId)}/export?format=${format}`}
              download
              onClick={close}
            >
              {t(label)}
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}
