// Answers' markdown renderer (marked and the token renderer) is its own chunk: a new chat's page does not load it
// until the first answer needs it, and opening a chat starts loading it alongside the messages (the chat route's
// loader calls loadMarkdown), so saved answers usually render as markdown at once.
import { Suspense, lazy, useEffect, useState } from "react";
import type { StreamingMarkdownProps } from "./markdown/streaming-markdown";

type MarkdownModule = typeof import("./markdown/streaming-markdown");

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;

/** Starts (or joins) loading the markdown renderer. */
export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import("./markdown/streaming-markdown").then(async (m) => {
    // the parser's expressions are compiled in short tasks first, not in long ones when the first answers are parsed
    await m.warmUpParser().catch(() => undefined);
    loaded = m;
    return m;
  });
  return loading;
}

/**
 * True once the renderer has loaded, or at once when `needed` is false. A chat opened with saved answers waits for it
 * (it started loading with the route), so its answers are laid out once, as markdown, rather than as text and then
 * again as markdown: on a phone that second pass over every answer was the longest task of opening a chat. A renderer
 * that fails to load ends the wait too (the answers then show as text).
 */
export function useMarkdownReady(needed: boolean): boolean {
  const [ready, setReady] = useState(() => loaded !== undefined);
  useEffect(() => {
    if (ready || !needed) return;
    let live = true;
    const done = () => {
      if (live) setReady(true);
    };
    loadMarkdown().then(done, done);
    return () => {
      live = false;
    };
  }, [ready, needed]);
  return ready || !needed;
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
