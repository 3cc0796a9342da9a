// The input box: grows with its text, Enter sends and Shift+Enter makes a new line (never while an IME is
// composing), empty or whitespace-only text is ignored, and while an answer is running the send button becomes
// the stop button. Where the browser has speech recognition a microphone joins them, loaded with the message tools.
import { useAtom, useAtomValue } from "jotai";
import { type KeyboardEvent, Suspense, lazy, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconSend, IconStop } from "../ui/icons";
import { draftAtom, streamingAtom } from "./chat.atoms";
import { SearchToggle } from "./search-toggle";
import { ComposerTools, onComposerPaste } from "../attachments/signed-in/attachments-entry";
import { loadPowerKeys } from "../power-keys/signed-in/power-keys";

/** Tallest the box grows before it scrolls, in pixels. */
const MAX_HEIGHT_PX = 220;

const canDictate = "SpeechRecognition" in window || "webkitSpeechRecognition" in window;
const MicButton = lazy(() => loadPowerKeys().then((m) => ({ default: m.MicButton })));

export function Composer({
  onSend,
  onStop,
  autoFocus,
  toolsReady,
}: {
  onSend: (text: string) => void;
  onStop: () => void;
  autoFocus: boolean;
  /** The reader has interacted (chat-view.tsx): the microphone's code may load. */
  toolsReady?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useAtom(draftAtom);
  const streaming = useAtomValue(streamingAtom);
  const ref = useRef<HTMLTextAreaElement>(null);
  const busy = streaming !== null;
  const canSend = draft.trim().length > 0 && !busy;

  // Grows with the text. An empty box that was never grown keeps its CSS height unmeasured: reading its height would
  // force the screen's first layout into the task that mounts it.
  const grown = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || (!draft && !grown.current)) return;
    grown.current = true;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [draft]);

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  const submit = () => {
    if (!canSend) return;
    onSend(draft);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    submit();
  };

  return (
    <form
      className={`composer${busy ? " is-busy" : ""}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="chat-input" className="visually-hidden">
        {t("chat.inputLabel")}
      </label>
      <ComposerTools />
      <textarea
        id="chat-input"
        ref={ref}
        className="composer__input"
        data-testid="chat-input"
        rows={1}
        value={draft}
        placeholder={t("chat.placeholder")}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onComposerPaste}
        enterKeyHint="send"
      />
      <div className="composer__actions">
        {canDictate && toolsReady ? (
          <Suspense fallback={null}>
            <MicButton />
          </Suspense>
        ) : null}
        <SearchToggle />
        {streaming?.botMessageId ? (
          <button
            type="button"
            className="composer__btn composer__btn--stop"
            data-testid="stop-button"
            aria-label={t("chat.stop")}
            data-tooltip={t("chat.stop")}
            disabled={streaming.stopping}
            onClick={onStop}
          >
            <IconStop size={18} />
          </button>
        ) : (
          <button
            type="submit"
            className="composer__btn"
            data-testid="send-button"
            aria-label={t("chat.send")}
            data-tooltip={t("chat.send")}
            disabled={!canSend}
          >
            {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : <IconSend size={18} />}
          </button>
        )}
      </div>
    </form>
  );
}
