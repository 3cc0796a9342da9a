// Text with its matching words marked, from the worker's highlight segments: plain text nodes and <mark>, never HTML.
import type { HighlightSegment } from "../../../../../worker/protocol/history-search";

export function Highlight({ segments }: { segments: readonly HighlightSegment[] }) {
  return segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>));
}
