// The reference the block renderer (StreamingMarkdown) must equal: a message parsed and rendered as one piece, an
// unfinished one with its open table completed as well (open-table.ts). For tests and the benchmark only: the app never
// renders a message this way (~190 ms per update at 20k tokens).
import { lexOpenTable } from "./open-table";
import { renderBlocks } from "./render-tokens";
import { lexWhole } from "./split-blocks";
import type { StreamingMarkdownProps } from "./streaming-markdown";

export function WholeMarkdown({ text, streaming = false, stopped = false }: StreamingMarkdownProps) {
  const tokens = lexWhole(text);
  const end = streaming ? "streaming" : stopped ? "stopped" : null;
  const open = end ? lexOpenTable(text, tokens, end, lexWhole) : null;
  return <div className="markdown">{renderBlocks(open ? open.tokens : tokens)}</div>;
}
