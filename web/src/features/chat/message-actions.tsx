// What a reader can do with a message, under it: copy; edit a question (in place, see message-editor.tsx);
// regenerate an answer with the same model or, from a small menu, another one. Shown on hover or focus, always on
// touch screens (chat.css). The chat screen provides the handlers through MessageActionsContext, so the memoized
// message rows need no new props when the screen's state changes.
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isUsable } from "../models/availability";
import { disabledModelsAtom } from "../models/models.atoms";
import { modelsQuery } from "../models/models.queries";
import { IconCheck, IconCopy, IconEdit } from "../ui/icons";
import { moveFocus, useDismiss } from "../ui/use-dismiss";
import { IconChevronDownSmall, IconRegenerate } from "./conversation-icons";

export interface MessageActions {
  /** An answer is being written: nothing new can start. */
  busy: boolean;
  edit: (messageId: string, text: string) => void;
  regenerate: (messageId: string, endpoint?: string) => void;
}

export const MessageActionsContext = createContext<MessageActions | null>(null);

export function useMessageActions(): MessageActions | null {
  return useContext(MessageActionsContext);
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
  const catalogue = useQuery(modelsQuery());
  const disabled = useAtomValue(disabledModelsAtom);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [triggerRef, menuRef], []);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, refs, triggerRef);
  if (!actions) return null;
  const models = (catalogue.data?.models ?? []).filter((m) => isUsable(m, disabled));
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
        ref={triggerRef}
        type="button"
        className="icon-btn icon-btn--sm icon-btn--narrow"
        data-testid="regenerate-menu"
        aria-label={t("conversation.regenerateWith")}
        data-tooltip={t("conversation.regenerateWith")}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={actions.busy || models.length === 0}
        onClick={() => {
          setOpen(!open);
          requestAnimationFrame(() => menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus());
        }}
      >
        <IconChevronDownSmall size={14} />
      </button>
      {open ? (
        <div ref={menuRef} className="menu msg__model-menu" role="menu" aria-label={t("conversation.regenerateWith")} onKeyDown={(e) => moveFocus(menuRef.current, e)}>
          {models.map((m) => (
            <button
              key={m.endpoint}
              type="button"
              role="menuitem"
              className={`menu__item${m.endpoint === model ? " is-active" : ""}`}
              data-testid="regenerate-model"
              data-endpoint={m.endpoint}
              onClick={() => {
                setOpen(false);
                actions.regenerate(messageId, m.endpoint);
              }}
            >
              {m.name}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
