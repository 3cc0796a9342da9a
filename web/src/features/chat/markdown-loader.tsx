// Answers' markdown renderer (marked and the token renderer) is its own chunk: a new chat's page does not load it
// until the first answer needs it, and opening a chat starts loading it alongside the messages (the chat route's
// loader calls loadMarkdown), so saved answers usually render as markdown at once. The parser's warm-up (compiling its
// expressions ahead of the first answers, split-blocks.ts) runs behind, in idle time: nothing waits for it, since in a
// fresh browser it costs more (about 240 ms on a desktop) than the few messages a chat opens with cost to parse without
// it (about 90 ms), and an opened chat is what the reader is waiting for.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { readItem, STORAGE_KEYS } from "../../lib/storage";
import type { ChatMessage } from "./chat.schemas";
import type { StreamingMarkdownProps } from "./markdown/streaming-markdown";

type MarkdownModule = typeof import("./markdown/streaming-markdown");

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;

/** Starts (or joins) loading the markdown renderer; its parser warms up behind, in idle moments. */
export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import("./markdown/streaming-markdown").then((m) => {
    loaded = m;
    void m.warmUpParser().catch(() => undefined);
    return m;
  });
  return loading;
}

/**
 * The longest a chat not shown yet waits for the parts its answers need (code colouring, KaTeX, …: needed-parts.ts),
 * in milliseconds; on a slow network it then shows with those parts plain, and they draw in as they arrive.
 */
export const PARTS_WAIT_MS = 1_000;

/** The last messages whose answers' parts a chat opening waits for: about those drawn first (message-list.tsx). */
const OPENING_MESSAGES = 8;

function openingAnswers(messages: readonly ChatMessage[]): string[] {
  return messages.slice(-OPENING_MESSAGES).flatMap((m) => (m.sender === "bot" ? [m.message] : []));
}

/** Text that may need a part beyond markdown: a fence, or math (`$`, `\(`, `\[`). Anything else needs none. */
const MAY_NEED_PARTS = /```|~~~|\$|\\[([]/;

type PartsModule = typeof import("./markdown/needed-parts");
let partsModule: PartsModule | undefined;
const loadPartsModule = () => import("./markdown/needed-parts").then((m) => (partsModule = m));

/** Starts loading the renderer and what the last answers of `messages` need; resolves when all are there or failed. */
export const loadRendererFor = (messages: readonly ChatMessage[]) => loadRendererForTexts(openingAnswers(messages));

/** Starts loading the renderer and what `texts` (markdown answers) need; resolves when all are there or failed. */
export function loadRendererForTexts(texts: readonly string[]): Promise<void> {
  if (!texts.some((text) => MAY_NEED_PARTS.test(text))) return loadMarkdown().then(() => undefined);
  return Promise.all([loadMarkdown(), loadPartsModule()]).then(([m, parts]) =>
    parts.loadPartsFor(texts, m.rendererParts),
  );
}

/** True when the renderer has loaded, and what `texts` need beyond markdown too. */
function rendererLoadedFor(texts: readonly string[]): boolean {
  if (!loaded) return false;
  if (!texts.some((text) => MAY_NEED_PARTS.test(text))) return true;
  return partsModule?.partsLoadedFor(texts, loaded.rendererParts) ?? false;
}

/**
 * True once the renderer and the parts the last answers of `messages` need have loaded, or at once when `messages` is
 * null. A chat opened with saved answers waits for them (the route started loading them with its messages), so its
 * answers are laid out once, as markdown with their code and formulas, rather than as text and then again as each
 * part arrives: on a phone those passes over every answer were most of the time to open a chat. A renderer that fails
 * to load ends the wait too (the answers then show as text), and the parts are waited for PARTS_WAIT_MS at most.
 */
export function useRendererReady(chatId: string | null, messages: readonly ChatMessage[] | null): boolean {
  const texts = messages && openingAnswers(messages);
  // the chat whose wait is over: all its parts loaded or failed, or PARTS_WAIT_MS passed
  const [settled, setSettled] = useState<string | null>(null);
  const needed = texts !== null && settled !== chatId;
  const ready = !needed || rendererLoadedFor(texts);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  useEffect(() => {
    if (ready) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      if (live) setSettled(chatId);
    };
    loadMarkdown().then(() => {
      timer = setTimeout(done, PARTS_WAIT_MS);
      return loadRendererFor(messagesRef.current ?? []).then(done);
    }, done);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ready, chatId]);
  return ready;
}

/** Longest wait for an idle moment before the remembered parts load anyway, in ms. */
const WARM_IDLE_TIMEOUT_MS = 5_000;
let warming = false;

/**
 * Once per page, in the app's first idle moment: loads the parts this reader's answers needed before (code colouring
 * and its languages, KaTeX; needed-parts.ts remembers them), so a chat of code and formulas opened later draws without
 * waiting for them. Nothing for a reader whose answers never needed them: not even the renderer.
 */
export function warmRememberedParts(): void {
  if (warming || readItem(STORAGE_KEYS.answerParts) === null) return;
  warming = true;
  const warm = () =>
    void Promise.all([loadMarkdown(), import("./markdown/remembered-parts")])
      .then(([renderer, m]) => m.warmRememberedParts(renderer.rendererParts))
      .catch(() => undefined);
  if (typeof requestIdleCallback === "function") requestIdleCallback(warm, { timeout: WARM_IDLE_TIMEOUT_MS });
  else setTimeout(warm, WARM_IDLE_TIMEOUT_MS);
}

const LazyMarkdown = lazy(() => loadMarkdown().then((m) => ({ default: m.StreamingMarkdown })));

/** The message's markdown; until the renderer has loaded, its text as it is. */
export function Markdown(props: StreamingMarkdownProps) {
  if (loaded) return <loaded.StreamingMarkdown {...props} />;
  return (
    <Suspense fallback={<div className="markdown markdown--pending">{props.text}</div>}>
      <LazyMarkdown {...props} />
    </Suspense>
  );
}
