// The export button's menu (export-chat-button.tsx), loaded when it first opens: sharing the chat by link (the share
// dialog, loaded on the click: shares/on-demand/), two downloads, the chat as Markdown or as JSON
// (GET /chat-sessions/:id/export, answered as a file), and its printable page (/print/:id, opened beside the chat,
// whose print dialog also saves a PDF). Plain links: the session cookie goes with them, and the browser saves the file
// under the name the worker gives it.
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { EXPORT_TEXTS } from "../../export/export-texts";
import { toast } from "../../toast/toast.atoms";

// The share dialog loads on the click (or as the pointer reaches its item), never with this menu: a static import
// would add its files to what the signed-in chunk lists for this menu, on every chat page.
const loadShareDialog = () => import("../../shares/on-demand/open-share-dialog");

const FORMATS = [
  { format: "markdown", label: "export.markdown" },
  { format: "json", label: "export.json" },
] as const;

export function ExportMenu({
  chatId,
  menuRef,
  onPick,
}: {
  chatId: string;
  menuRef: Ref<HTMLDivElement>;
  onPick: () => void;
}) {
  // suspends (the button's Suspense) until the export texts are in
  const { t } = useTranslation(EXPORT_TEXTS);
  const id = encodeURIComponent(chatId);
  return (
    <div
      ref={menuRef}
      className="menu export-chat__menu"
      role="menu"
      aria-label={t("conversation.export", { ns: "translation" })}
    >
      <button
        type="button"
        role="menuitem"
        className="menu__item"
        data-testid="share-chat"
        onPointerEnter={() => void loadShareDialog().catch(() => undefined)}
        onClick={() => {
          onPick();
          loadShareDialog().then(
            (m) => m.openShareDialog(chatId),
            () => toast.error(t("errors.unknown", { ns: "translation" })),
          );
        }}
      >
        {t("export.share")}
      </button>
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          role="menuitem"
          className="menu__item"
          data-testid={`export-${format}`}
          href={`/chat-sessions/${id}/export?format=${format}`}
          download
          onClick={onPick}
        >
          {t(label)}
        </a>
      ))}
      <a
        role="menuitem"
        className="menu__item"
        data-testid="export-print"
        href={`/print/${id}`}
        target="_blank"
        rel="noopener"
        onClick={onPick}
      >
        {t("export.print")}
      </a>
    </div>
  );
}
