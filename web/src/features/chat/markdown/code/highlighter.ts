// Colours the code of answers: lowlight (highlight.js's grammars, giving a syntax tree, no HTML string) loads with the
// first code block in a language it knows, each grammar with the first block in its language. The tree becomes React
// spans with highlight.js's class names, coloured by code-colors.css for the light and dark themes. A result is kept
// by language and text, so a block scrolled back into view (the message list is virtualized) is not coloured again.
// Finished blocks are coloured in later tasks, a few at a time (colourLater), so opening a chat of many blocks on a
// slow phone never holds the page for one long task.
import { createElement, type ReactNode } from "react";
import { loadGrammar } from "./languages";

export { grammarName } from "./languages";

type Lowlight = ReturnType<typeof import("lowlight").createLowlight>;

let lowlight: Lowlight | undefined;
let core: Promise<Lowlight> | undefined;
const grammars = new Map<string, Promise<void>>();

function loadCore(): Promise<Lowlight> {
  core ??= Promise.all([import("lowlight"), import("./code-colors.css")]).then(([m]) => {
    lowlight = m.createLowlight();
    return lowlight;
  });
  return core;
}

/** Loads lowlight and the grammar `name` (once each); resolves when blocks in that language can be coloured. */
export function loadLanguage(name: string): Promise<void> {
  let loading = grammars.get(name);
  if (!loading) {
    loading = Promise.all([loadCore(), loadGrammar(name)]).then(([ll, grammar]) => {
      if (!ll.registered(name)) ll.register(name, grammar.default);
    });
    // a failed chunk (offline) may be tried again by the next block; the code meanwhile stays plain
    loading.catch(() => grammars.delete(name));
    grammars.set(name, loading);
  }
  return loading;
}

/** True once blocks in `name` can be coloured without waiting. */
export function languageReady(name: string): boolean {
  return lowlight?.registered(name) ?? false;
}

/** What lowlight's tree holds: text, and spans with highlight.js class names around more of the same. */
interface TreeNode {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: readonly TreeNode[];
}

function toReact(nodes: readonly TreeNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === "text") return node.value ?? "";
    if (node.type !== "element") return null;
    const className = node.properties?.className;
    return createElement(
      "span",
      { key: i, className: Array.isArray(className) ? className.join(" ") : undefined },
      ...toReact(node.children ?? []),
    );
  });
}

/** Results kept, most recently used last; a long chat has a few hundred blocks at most. */
const CACHE_SIZE = 500;
const coloured = new Map<string, ReactNode[]>();
const keyOf = (name: string, code: string) => `${name}\u0000${code}`;

/**
 * The code as coloured spans, or null when its language has not loaded yet. Synchronous: call it from render once
 * languageReady(name) is true. Kept for a finished block; `keep: false` for the passing states of one still streaming.
 */
export function highlight(name: string, code: string, { keep = true } = {}): ReactNode[] | null {
  const key = keyOf(name, code);
  const hit = coloured.get(key);
  if (hit) {
    coloured.delete(key);
    coloured.set(key, hit);
    return hit;
  }
  if (!lowlight?.registered(name)) return null;
  let tree: { children: readonly TreeNode[] };
  try {
    tree = lowlight.highlight(name, code);
  } catch {
    return null; // a grammar that throws on odd input leaves the code plain
  }
  const nodes = toReact(tree.children);
  if (!keep) return nodes;
  if (coloured.size >= CACHE_SIZE) coloured.delete(coloured.keys().next().value as string);
  coloured.set(key, nodes);
  return nodes;
}

/** The coloured spans kept for this code, if it has been coloured; never colours. */
export function colouredAlready(name: string, code: string): ReactNode[] | undefined {
  return coloured.get(keyOf(name, code));
}

/**
 * Most time one task spends colouring queued blocks, in milliseconds, before it lets the page paint and handle input:
 * well under a long task's 50 ms even on a phone 4× slower than a laptop.
 */
const SLICE_MS = 8;

interface Job {
  name: string;
  code: string;
  done: () => void;
  cancelled: boolean;
}
const queue: Job[] = [];
let running = false;

function runQueue() {
  const start = performance.now();
  while (queue.length > 0 && performance.now() - start < SLICE_MS) {
    const job = queue.shift() as Job;
    if (job.cancelled) continue;
    highlight(job.name, job.code);
    job.done();
  }
  if (queue.length > 0) setTimeout(runQueue, 0);
  else running = false;
}

/**
 * Colours `code` (kept, as highlight does) in a later task, then calls `done`; blocks queue in the order asked, and a
 * task colours blocks for at most SLICE_MS. Returns a cancel for a block that leaves the screen first.
 */
export function colourLater(name: string, code: string, done: () => void): () => void {
  const job: Job = { name, code, done, cancelled: false };
  queue.push(job);
  if (!running) {
    running = true;
    setTimeout(runQueue, 0);
  }
  return () => {
    job.cancelled = true;
  };
}
