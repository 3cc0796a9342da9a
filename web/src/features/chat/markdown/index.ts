// The chat message markdown renderer: StreamingMarkdown for messages (streamed or saved), and its parts for tests.
export { CodeBlock, COPIED_FEEDBACK_MS, CopyButton } from "./code-block";
export { components, markdownOptions, remarkPlugins } from "./markdown-components";
export { markdownUrlTransform, safeImageSrc, safeLinkHref } from "./safe-urls";
export { createBlockSplitter, splitBlocks, type MarkdownBlockSource } from "./split-blocks";
export { MarkdownBlock, StreamingMarkdown, WholeMarkdown, type StreamingMarkdownProps } from "./streaming-markdown";
