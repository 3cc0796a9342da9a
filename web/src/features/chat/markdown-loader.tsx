// Answers' markdown renderer (marked and the token renderer) is its own chunk: a new chat's page does not load it
// until the first answer needs it, and opening a chat starts loading it alongside the messages (the chat route's
// loader calls loadMarkdown), so saved answers usually render as markdown at once.
import { Suspense, lazy } from "react";
import type { StreamingMarkdownProps } from "./markdown/streaming-markdown";

type MarkdownModule = typeof import("./markdown/streaming-markdown");

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;

/** Starts (or joins) loading the markdown renderer. */
export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import("./markdown/streaming-markdown").then((m) => {
    // compile the parser's expressions in small tasks now, not in one long one when the first answer is parsed
    m.warmUpParser();
    return (loaded = m);
  });
  return loading;
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
