// A numbered marker [n] in an answer, as a link to the n-th source of that answer's citation list. The text is split
// into plain strings and markers here; a marker with no such source (or outside an answer with sources) stays text.
import { type ReactNode, useContext } from "react";
import { CITATION_MARKER, CitationContext, citationAnchorId } from "../citation-context";

function CitationRef({ n, raw }: { n: number; raw: string }) {
  const scope = useContext(CitationContext);
  if (!scope || n < 1 || n > scope.count) return raw;
  const id = citationAnchorId(scope.messageId, n);
  return (
    <sup className="cite-ref">
      {/* a plain fragment link: the browser scrolls the list's box to the source */}
      <a href={`#${id}`} data-testid="citation-ref">
        {n}
      </a>
    </sup>
  );
}

/** The text with its [n] markers as citation links (the text itself when it has none). */
export function withCitationRefs(text: string): ReactNode {
  if (!text.includes("[")) return text;
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(CITATION_MARKER)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    out.push(<CitationRef key={at} n={Number(m[1])} raw={m[0]} />);
    last = at + m[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) out.push(text.slice(last));
  return out;
}
