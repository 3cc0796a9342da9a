// The message tools a reader uses on purpose — edit a question (in place, see message-editor.tsx), regenerate an
// answer with the same model or, from a small menu, another one, continue the chat from an answer in a new chat —
// loaded on the reader's first interaction.
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconCheck, IconChevronDown, IconEdit } from "../../ui/icons";
import { type IconProps, Svg } from "../conversation-icons";
import { useMessageActions } from "../message-actions-context";
import { VERSION_TEXTS } from "./version-texts";
import { FeedbackButtons } from "../../feedback/feedback-buttons";
import { ReadAloudButton, canReadAloud } from "../../power-keys/read-aloud-button";

const IconRegenerate = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M20 20v-4h-4" />
  </Svg>
);

/** Copy without formatting: the copy sheets with a "T". */
const IconCopyText = (p: IconProps) => (
  <Svg {...p}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h8M12 12.5h5M14.5 12.5v5" />
  </Svg>
);

/** Copies an answer as a reader sees it, without markdown's syntax (markdown/plain-text.ts, loaded on the click). */
export function CopyPlainText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const label = copied ? t("chat.copied") : t("chat.copyPlain");
  return (
    <button
      type="button"
      className="icon-btn icon-btn--sm"
      data-testid="copy-plain"
      aria-label={label}
      data-tooltip={label}
      onClick={async () => {
        try {
          const { answerPlainText } = await import("../markdown/plain-text");
          await navigator.clipboard.writeText(await answerPlainText(text));
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          // clipboard refused (permissions) or the converter could not load (offline): nothing to show
        }
      }}
    >
      {copied ? <IconCheck size={16} /> : <IconCopyText size={16} />}
    </button>
  );
}

/** Two paths leaving one: a new chat that goes on from here. */
const IconFork = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="6" cy="5" r="2" />
    <circle cx="6" cy="19" r="2" />
    <circle cx="18" cy="7" r="2" />
    <path d="M6 7v10M18 9c0 4-4 4-8 6.5" />
  </Svg>
);

/** "Continue in a new chat" from an answer: a new chat with the conversation down to it. */
export function ForkButton({ messageId }: { messageId: string }) {
  const { t } = useTranslation(VERSION_TEXTS);
  const actions = useMessageActions();
  if (!actions) return null;
  return (
    <button
      type="button"
      className="icon-btn icon-btn--sm"
      data-testid="fork"
      aria-label={t("versions.fork")}
      data-tooltip={t("versions.fork")}
      disabled={actions.busy}
      onClick={() => actions.fork(messageId)}
    >
      <IconFork size={16} />
    </button>
  );
}

/** The model menu loads when first opened. */
const RegenerateMenu = lazy(() => import("./regenerate-menu").then((m) => ({ default: m.RegenerateMenu })));

export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  return (
    <button
      type="button"
      className="icon-btn icon-btn--sm"
      data-testid="edit-message"
      aria-label={t("conversation.edit")}
      data-tooltip={t("conversation.edit")}
      disabled={!actions || actions.busy}
      onClick={onClick}
    >
      <IconEdit size={16} />
    </button>
  );
}

/** Regenerate with the answer's model, and a menu of the other models the user can use today. */
export function RegenerateControls({ messageId, model }: { messageId: string; model: string | null }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const [open, setOpen] = useState(false);
  if (!actions) return null;
  return (
    <span className="msg__regenerate">
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        data-testid="regenerate"
        aria-label={t("conversation.regenerate")}
        data-tooltip={t("conversation.regenerate")}
        disabled={actions.busy}
        onClick={() => actions.regenerate(messageId, model ?? undefined)}
      >
        <IconRegenerate size={16} />
      </button>
      <button
        type="button"
        className="icon-btn icon-btn--sm icon-btn--narrow"
        data-testid="regenerate-menu"
        aria-label={t("conversation.regenerateWith")}
        data-tooltip={t("conversation.regenerateWith")}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={actions.busy}
        onClick={() => setOpen(!open)}
      >
        <IconChevronDown size={14} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <RegenerateMenu
            current={model}
            onClose={() => setOpen(false)}
            onPick={(endpoint) => {
              setOpen(false);
              actions.regenerate(messageId, endpoint);
            }}
          />
        </Suspense>
      ) : null}
    </span>
  );
}

/**
 * The tools of one message: the edit button of a question, or an answer's "copy as plain text", "read aloud" and
 * regenerate controls.
 */
export default function MessageTools({
  onEdit,
  messageId,
  model = null,
  text,
}: {
  onEdit?: () => void;
  messageId?: string;
  model?: string | null;
  text?: string;
}) {
  if (onEdit) return <EditButton onClick={onEdit} />;
  return (
    <>
      {text ? <CopyPlainText text={text} /> : null}
      {text && messageId && canReadAloud ? (
        // its texts load with it: the other tools do not wait for them
        <Suspense fallback={null}>
          <ReadAloudButton messageId={messageId} text={text} />
        </Suspense>
      ) : null}
      {messageId ? <RegenerateControls messageId={messageId} model={model} /> : null}
      {messageId ? <ForkButton messageId={messageId} /> : null}
      {messageId ? <FeedbackButtons messageId={messageId} /> : null}
    </>
  );
}
