// The header's export button in an open chat; its menu (on-demand/export-menu.tsx: Markdown, JSON, a printable page)
// loads when it first opens, or as the pointer comes near.
import { useParams } from "@tanstack/react-router";
import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { IconDownload } from "../ui/icons";
import { usePopover } from "../ui/signed-in/use-dismiss";

const loadMenu = () => import("./on-demand/export-menu");
const ExportMenu = lazy(() => loadMenu().then((m) => ({ default: m.ExportMenu })));

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
        onPointerEnter={() => void loadMenu()}
        onClick={() => setOpen((o) => !o)}
      >
        <IconDownload size={20} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ExportMenu chatId={chatId} menuRef={menuRef} onPick={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
