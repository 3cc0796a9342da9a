// "Read aloud" in an answer's tools, where the browser has speech synthesis (hidden elsewhere): the answer as a reader
// sees it (markdown's syntax gone, markdown/plain-text.ts), in a voice of its language guessed from its script
// (speech.ts), in pieces short enough for Chrome to finish; the button turns into Stop while it reads. One answer
// reads at a time: starting another stops the first.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { IconStop } from "../ui/icons";
import { type IconProps, Svg } from "../chat/conversation-icons";
import { POWER_KEYS_TEXTS } from "./power-keys-texts";
import { speechLanguage, speechPieces } from "./speech";

const IconSpeaker = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9v6h4l5 4V5L8 9z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </Svg>
);

export const canReadAloud = typeof speechSynthesis !== "undefined" && typeof SpeechSynthesisUtterance !== "undefined";

/** The answer being read (its message id), for every button to show. */
let reading: string | null = null;
/** Counts the readings started and stopped: a cancelled piece's late end event belongs to an older one. */
let turn = 0;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
function setReading(id: string | null) {
  reading = id;
  for (const fn of listeners) fn();
}

function stopReading() {
  turn++;
  setReading(null);
  speechSynthesis.cancel();
}

async function readAloud(id: string, markdown: string) {
  stopReading();
  const mine = turn;
  setReading(id);
  const { answerPlainText } = await import("../chat/markdown/plain-text");
  const text = await answerPlainText(markdown);
  if (turn !== mine) return; // stopped while the text was being made
  const lang = speechLanguage(text);
  const pieces = speechPieces(text);
  if (pieces.length === 0) return setReading(null);
  pieces.forEach((piece, i) => {
    const utterance = new SpeechSynthesisUtterance(piece);
    utterance.lang = lang;
    if (i === pieces.length - 1) {
      utterance.onend = utterance.onerror = () => {
        if (turn === mine) setReading(null);
      };
    }
    speechSynthesis.speak(utterance);
  });
}

export function ReadAloudButton({ messageId, text }: { messageId: string; text: string }) {
  const { t } = useTranslation(POWER_KEYS_TEXTS);
  const active = useSyncExternalStore(subscribe, () => reading === messageId);
  const label = t(active ? "voice.stopReading" : "voice.readAloud");
  return (
    <button
      type="button"
      className="icon-btn icon-btn--sm"
      data-testid="read-aloud"
      aria-pressed={active}
      aria-label={label}
      data-tooltip={label}
      onClick={() => (active ? stopReading() : void readAloud(messageId, text))}
    >
      {active ? <IconStop size={16} /> : <IconSpeaker size={16} />}
    </button>
  );
}
