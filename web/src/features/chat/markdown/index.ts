// The chat message markdown renderer: StreamingMarkdown for messages (streamed or saved), and its parts for tests.
export { CodeBlock, COPIED_FEEDBACK_MS, CopyButton } from "./code-block";
export { Formula, loadKatex } from "./math/formula";
export { decodeEntities, renderBlock, renderBlocks } from "./render-tokens";
export { safeImageSrc, safeLinkHref } from "./safe-urls";
export { createBlockSplitter, lexWhole, splitBlocks, warmUpParser, type MarkdownBlockSource } from "./split-blocks";
export { MarkdownBlock, StreamingMarkdown, loadOpenTable, type StreamingMarkdownProps } from "./streaming-markdown";
export { WholeMarkdown } from "./whole-markdown";
