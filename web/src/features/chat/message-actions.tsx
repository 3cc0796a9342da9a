// What a reader can do with a message, under it: copy it, and — once the reader first moves, types or touches (at
// once on touch screens) — the tools of message-tools.tsx: edit a question, regenerate an answer. Shown on hover or
// focus, always on touch screens (chat.css). The chat screen provides the handlers through MessageActionsContext, so
// the memoized message rows need no new props when the screen's state changes.
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconCheck, IconCopy, IconCopyText } from "../ui/icons";
import { useMessageActions } from "./message-actions-context";

const Tools = lazy(() => import("./on-demand/message-tools"));

/**
 * A question's edit button (with onEdit) or an answer's regenerate controls (with messageId), once the reader has
 * interacted: the tools load then.
 */
export function MessageTools(props: { onEdit?: () => void; messageId?: string; model?: string | null }) {
  const actions = useMessageActions();
  if (!actions?.toolsReady) return null;
  return (
    <Suspense fallback={null}>
      <Tools {...props} />
    </Suspense>
  );
}

/**
 * Copies a message: its text as written (an answer's Markdown), or with `plain` the answer as a reader sees it, without
 * markdown's syntax (markdown/plain-text.ts, loaded on the click).
 */
export function CopyMessage({ text, plain = false }: { text: string; plain?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const label = plain ? t("chat.copyPlain") : t("chat.copy");
  return (
    <button
      type="button"
      className="icon-btn icon-btn--sm"
      aria-label={copied ? t("chat.copied") : label}
      data-tooltip={copied ? t("chat.copied") : label}
      data-testid={plain ? "copy-plain" : "copy-message"}
      onClick={async () => {
        try {
          const copy = plain ? await (await import("./markdown/plain-text")).answerPlainText(text) : text;
          await navigator.clipboard.writeText(copy);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          // clipboard refused (permissions) or the converter could not load (offline): nothing to show
        }
      }}
    >
      {copied ? <IconCheck size={16} /> : plain ? <IconCopyText size={16} /> : <IconCopy size={16} />}
    </button>
  );
}
