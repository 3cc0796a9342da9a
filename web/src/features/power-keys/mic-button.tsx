// The microphone by the input, where the browser has speech recognition (the composer checks, and shows this lazily
// loaded button only then): dictation in the interface's language, the words being recognized shown in the input as
// they come and the final ones added to what was typed before; a second click or the recognizer's own end (a pause)
// stops it. The audio goes only to the browser's own recognizer.
import { useStore } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../lib/i18n";
import { draftAtom } from "../chat/chat.atoms";
import { type IconProps, Svg } from "../chat/conversation-icons";
import { toast } from "../toast/toast.atoms";
import { POWER_KEYS_TEXTS } from "./power-keys-texts";
import "./power-keys.css";

/** The recognizer's language for each interface language. */
export const DICTATION_LANGUAGES: Record<Language, string> = {
  vi: "vi-VN",
  en: "en-US",
  ru: "ru-RU",
  zh: "zh-CN",
};

/** What the app uses of the Web Speech API's recognizer (not in TypeScript's DOM types). */
interface Recognizer {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognizerClass = new () => Recognizer;

const IconMic = (p: IconProps) => (
  <Svg {...p}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </Svg>
);

/** The draft with dictated words added after it, a space between. */
const withWords = (base: string, words: string) =>
  words ? (base && !/\s$/.test(base) ? `${base} ${words}` : base + words) : base;

export default function MicButton() {
  const { t, i18n } = useTranslation(POWER_KEYS_TEXTS);
  const store = useStore();
  const [listening, setListening] = useState(false);
  const recognizer = useRef<Recognizer | null>(null);
  const setDraft = (text: string) => store.set(draftAtom, text);

  useEffect(() => () => recognizer.current?.abort(), []);

  const start = () => {
    const scope = window as unknown as Record<string, RecognizerClass | undefined>;
    const Recognition = scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
    if (!Recognition) return;
    const rec = new Recognition();
    rec.lang = DICTATION_LANGUAGES[i18n.language as Language] ?? "en-US";
    rec.interimResults = true;
    rec.continuous = false; // ends on a pause: the silence that stops dictation
    const base = store.get(draftAtom);
    let kept = base;
    rec.onresult = (e) => {
      let final = "";
      let interim = "";
      for (let i = 0; i < e.results.length; i++) {
        const result = e.results[i];
        const words = result?.[0]?.transcript ?? "";
        if (result?.isFinal) final += words;
        else interim += words;
      }
      kept = withWords(base, final.trim());
      setDraft(withWords(kept, interim.trim()));
    };
    rec.onerror = (e) => {
      // no speech and a stop by the user are no failures
      if (e.error === "not-allowed" || e.error === "service-not-allowed") toast.error(t("voice.denied"));
      else if (e.error !== "no-speech" && e.error !== "aborted") toast.error(t("voice.failed"));
    };
    rec.onend = () => {
      // words still being recognized when it ended are dropped: only what it settled on stays
      setDraft(kept);
      recognizer.current = null;
      setListening(false);
      document.getElementById("chat-input")?.focus();
    };
    recognizer.current = rec;
    setListening(true);
    try {
      rec.start();
    } catch {
      recognizer.current = null;
      setListening(false);
    }
  };

  const label = t(listening ? "voice.stop" : "voice.dictate");
  return (
    <button
      type="button"
      className={`composer__btn composer__btn--toggle${listening ? " is-on is-listening" : ""}`}
      data-testid="mic-button"
      aria-pressed={listening}
      aria-label={label}
      data-tooltip={label}
      onClick={() => (recognizer.current ? recognizer.current.stop() : start())}
    >
      <IconMic size={18} />
    </button>
  );
}
