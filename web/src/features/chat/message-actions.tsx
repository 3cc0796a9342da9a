// What a reader can do with a message, under it: copy it, and — once the reader first moves, types or touches (at
// once on touch screens) — the tools of message-tools.tsx: edit a question, regenerate an answer. Shown on hover or
// focus, always on touch screens (chat.css). The chat screen provides the handlers through MessageActionsContext, so
// the memoized message rows need no new props when the screen's state changes.
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconCheck, IconCopy } from "../ui/icons";
import { useMessageActions } from "./message-actions-context";

const Tools = lazy(() => import("./on-demand/message-tools"));

/**
 * A question's edit button (with onEdit) or an answer's regenerate controls (with messageId) and "copy as plain text"
 * (with text), once the reader has interacted: the tools load then.
 */
export function MessageTools(props: {
  onEdit?: () => void;
  messageId?: string;
  model?: string | null;
  /** An answer's text, for its "copy as plain text" button. */
  text?: string;
}) {
  const actions = useMessageActions();
  if (!actions?.toolsReady) return null;
  return (
    <Suspense fallback={null}>
      <Tools {...props} />
    </Suspense>
  );
}

export function CopyMessage({ text }: { text: string }) {
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
