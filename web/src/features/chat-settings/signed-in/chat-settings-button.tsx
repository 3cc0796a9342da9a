// The header's chat settings button in an open chat: all the app's first load carries of a chat's own settings. The
// dialog (on-demand/chat-settings-dialog.tsx) and its texts load on the first click.
import { useParams } from "@tanstack/react-router";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { type IconProps, Svg } from "../../ui/icons";

const ChatSettingsDialog = lazy(() => import("../on-demand/chat-settings-dialog"));

/** Two sliders: a chat's own settings. */
export const IconSliders = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 8h10m4 0h2M4 16h2m4 0h10M16 6v4M8 14v4" />
  </Svg>
);

export function ChatSettingsButton() {
  const { t } = useTranslation();
  const { chatId } = useParams({ strict: false });
  const [open, setOpen] = useState(false);
  if (!chatId) return null;
  const label = t("conversation.settings");
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        data-testid="chat-settings-open"
        aria-label={label}
        data-tooltip={label}
        data-tooltip-side="left"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <IconSliders />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ChatSettingsDialog chatId={chatId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
