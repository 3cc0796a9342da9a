// A chat message's markdown, rendered block by block so a streamed answer costs about the same per update at its end
// as at its start: completed blocks are memoized and never render again, only the open last block is re-parsed. A
// finished message is parsed once per text and its blocks (and their elements) are reused wherever it mounts again.
// An answer still streaming, or stopped, that ends inside a table's first rows shows the table (open-table.ts, loaded
// with the first such answer: a chat of finished answers never fetches it).
import { Fragment, memo, useEffect, useMemo, useState } from "react";
import type { OpenEnd } from "./open-table";
import type { RendererParts } from "./needed-parts";
import { codeBlockPart, diagramPart, formulaPart, highlighterPart } from "./parts";
import { renderBlock } from "./render-tokens";
import {
  createBlockSplitter,
  lexerVersion,
  loadMathSyntax,
  MAY_HOLD_MATH,
  type MarkdownBlockSource,
  mathSyntaxLoaded,
} from "./split-blocks";

/** The renderer's parts and math syntax, for needed-parts.ts (a chunk of its own: it imports none of them). */
export const rendererParts: RendererParts = {
  codeBlockPart,
  highlighterPart,
  formulaPart,
  diagramPart,
  loadMathSyntax,
  mathSyntaxLoaded,
  MAY_HOLD_MATH,
};

export { warmUpParser } from "./split-blocks";
// for plain-text.ts, loaded on a click to copy as plain text
export { decodeEntities } from "./render-tokens";
export { lexWhole } from "./split-blocks";
import "./markdown.css";

/** One top-level block. Memoized on its source: a block whose text did not change is not rendered again. */
export const MarkdownBlock = memo(
  function MarkdownBlock({ block }: { block: MarkdownBlockSource }) {
    return <>{renderBlock(block)}</>;
  },
  (a, b) => a.block.raw === b.block.raw,
);

/**
 * Blocks per memoized group. React still visits every child it is given on each update, so with one child per block
 * an update would cost more the longer the answer; in groups, an update visits the groups and the blocks of the last
 * one only (the benchmark's 20k-token answer has ~340 blocks: 11 groups + up to 32 blocks visited instead of 340).
 */
const GROUP_SIZE = 32;

/** Finished messages kept parsed (by text), so scrolling back to one or reopening its chat does not parse it again. */
const PARSED_CACHE_SIZE = 300;
const parsed = new Map<string, MarkdownBlockSource[]>();

/** `split` parses on a miss: a message that just finished streaming hands over the blocks it already has. */
let parsedVersion = lexerVersion;
function parsedBlocks(text: string, split: (text: string) => MarkdownBlockSource[]): MarkdownBlockSource[] {
  if (parsedVersion !== lexerVersion) {
    parsedVersion = lexerVersion; // lexed before the lexer learned math: lex again
    parsed.clear();
  }
  let blocks = parsed.get(text);
  if (blocks) {
    parsed.delete(text); // most recently used goes last
  } else {
    blocks = split(text);
    if (parsed.size >= PARSED_CACHE_SIZE) parsed.delete(parsed.keys().next().value as string);
  }
  parsed.set(text, blocks);
  return blocks;
}

interface BlockGroupProps {
  blocks: readonly MarkdownBlockSource[];
  /** Index of the group's first block in the message. */
  first: number;
}

const sameBlocks = (a: BlockGroupProps, b: BlockGroupProps) =>
  a.first === b.first &&
  a.blocks.length === b.blocks.length &&
  a.blocks.every((block, i) => block.raw === b.blocks[i]?.raw);

const BlockGroup = memo(function BlockGroup({ blocks, first }: BlockGroupProps) {
  return blocks.map((block, i) => (
    // Keyed by position, so the open block updates in place (a code block's "copied" state survives) and the memo
    // decides from the source. The line break between blocks is the one a whole render puts between them.
    <Fragment key={i}>
      {first + i > 0 && "\n"}
      <MarkdownBlock block={block} />
    </Fragment>
  ));
}, sameBlocks);

let openTable: typeof import("./open-table") | undefined;

/** Loads open-table.ts (once: the module system keeps it); unfinished answers shown meanwhile stay as they are. */
export const loadOpenTable = () => import("./open-table").then((m) => (openTable = m));

export interface StreamingMarkdownProps {
  /** The message's markdown so far (the full text once it is saved). */
  text: string;
  /** True while more text may still be appended: the container is marked busy for assistive technology. */
  streaming?: boolean;
  /** The answer was stopped by the user: its text ends where it was cut off and will never be finished. */
  stopped?: boolean;
}

export function StreamingMarkdown({ text, streaming = false, stopped = false }: StreamingMarkdownProps) {
  // One splitter per streaming message: it remembers the previous split and re-lexes only the last blocks.
  const [split] = useState(createBlockSplitter);
  // An unfinished answer's last block may be a table to complete (open-table.ts, loaded with the first one).
  const end: OpenEnd | null = streaming ? "streaming" : stopped ? "stopped" : null;
  const [, tableLoaded] = useState(0);
  useEffect(() => {
    if (end && !openTable) void loadOpenTable().then(() => tableLoaded(1));
  }, [end]);
  const table = end ? openTable : undefined;
  // Text that may hold math loads the math syntax first (split-blocks.ts); the message is then lexed again, once.
  const mayHoldMath = !mathSyntaxLoaded() && MAY_HOLD_MATH.test(text);
  const [version, mathLoaded] = useState(lexerVersion);
  useEffect(() => {
    if (mayHoldMath)
      void loadMathSyntax().then(
        () => mathLoaded(lexerVersion),
        () => undefined,
      );
  }, [mayHoldMath]);
  const blocks = useMemo(() => {
    const all = streaming ? split(text) : parsedBlocks(text, split);
    return end && table ? table.withOpenTable(all, end) : all;
    // `version`: the same text gives other blocks once the lexer has learned math
  }, [split, text, streaming, end, table, version]);
  const groups: BlockGroupProps[] = [];
  for (let first = 0; first < blocks.length; first += GROUP_SIZE) {
    groups.push({ first, blocks: blocks.slice(first, first + GROUP_SIZE) });
  }
  return (
    // a new lexer version gives new blocks for the same sources: the memoized blocks are drawn again, once
    <div className="markdown" aria-busy={streaming || undefined} key={version}>
      {groups.map((group) => (
        <BlockGroup key={group.first} {...group} />
      ))}
    </div>
  );
}
