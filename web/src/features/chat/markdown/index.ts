// The chat message markdown renderer: StreamingMarkdown for messages (streamed or saved), and its parts for tests.
export { CodeBlock } from "./code-block";
export { COPIED_FEEDBACK_MS, CopyButton } from "./copy-button";
export { Formula } from "./math/formula";
import { codeBlockPart, formulaPart, tableToolsPart } from "./parts";
import { loadMathSyntax } from "./split-blocks";
export { decodeEntities, renderBlock, renderBlocks } from "./render-tokens";

/** Loads what only some answers need (math syntax, code blocks, formulas, tables' tools), as the first would. */
export const loadRichParts = () =>
  Promise.all([loadMathSyntax(), codeBlockPart.load(), formulaPart.load(), tableToolsPart.load()]);
export { safeImageSrc, safeLinkHref } from "../../../../../worker/protocol/safe-urls";
export {
  createBlockSplitter,
  lexWhole,
  loadMathSyntax,
  splitBlocks,
  warmUpParser,
  type MarkdownBlockSource,
} from "./split-blocks";
export { MarkdownBlock, StreamingMarkdown, loadOpenTable, type StreamingMarkdownProps } from "./streaming-markdown";
export { WholeMarkdown } from "./whole-markdown";
