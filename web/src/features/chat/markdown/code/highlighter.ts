// Colours the code of answers: lowlight (highlight.js's grammars, giving a syntax tree, no HTML string) comes with
// this module, loaded with the first code block in a language it knows, each grammar with the first block in its
// language. The tree becomes React
// spans with highlight.js's class names, coloured by code-colors.css for the light and dark themes. A result is kept
// by language and text, so a block scrolled back into view (the message list is virtualized) is not coloured again.
// Finished blocks are coloured in later tasks, a few at a time (colourLater), so opening a chat of many blocks on a
// slow phone never holds the page for one long task.
import { createLowlight } from "lowlight";
import { createElement, type ReactNode } from "react";
import "./code-colors.css";
import { loadGrammar } from "./languages";

export { grammarName } from "./languages";

const lowlight = createLowlight();
/** A line of code in no language in particular, coloured once when its grammar arrives (loadLanguage). */
const WARM_UP_CODE = 'let x = f("a", 1); // b';
const grammars = new Map<string, Promise<void>>();

/** Loads the grammar `name` (once); resolves when blocks in that language can be coloured. */
export function loadLanguage(name: string): Promise<void> {
  let loading = grammars.get(name);
  if (!loading) {
    loading = loadGrammar(name).then((grammar) => {
      if (lowlight.registered(name)) return;
      lowlight.register(name, grammar.default);
      // highlight.js compiles a grammar (and the browser its expressions) on its first use: do it now, in the task
      // the grammar arrives in, not in the render of the first blocks in that language
      try {
        lowlight.highlight(name, WARM_UP_CODE);
      } catch {
        // a grammar that throws here throws on real code too, and leaves it plain then (highlight)
      }
    });
    // a failed chunk (offline) may be tried again by the next block; the code meanwhile stays plain
    loading.catch(() => grammars.delete(name));
    grammars.set(name, loading);
  }
  return loading;
}

/** True once blocks in `name` can be coloured without waiting. */
export function languageReady(name: string): boolean {
  return lowlight.registered(name);
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
  if (!lowlight.registered(name)) return null;
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

/**
 * Most time one task spends colouring queued blocks, in milliseconds, before it lets the page paint and handle input:
 * well under a long task's 50 ms even on a phone 4× slower than a laptop.
 */
const SLICE_MS = 8;

/** Time this task has spent colouring blocks in render (colourInTask), in ms; back to 0 when the task ends. */
let spentInTask = 0;

/**
 * The block's kept colours, else the block coloured now if this task has spent less than SLICE_MS colouring (as when
 * a chat opens: React builds its rows in short tasks, so its first blocks appear coloured), else undefined: colour it
 * later (colourLater).
 */
export function colourInTask(name: string, code: string): ReactNode[] | undefined {
  // kept colours, or none once this task has used its share: never colours (highlight would, on a miss)
  const kept = coloured.get(keyOf(name, code));
  if (kept || spentInTask >= SLICE_MS) return kept;
  // microtasks run once the task's script is done: a render of many blocks is one task, and shares one slice
  if (spentInTask === 0) queueMicrotask(() => (spentInTask = 0));
  const start = performance.now();
  const spans = highlight(name, code) ?? undefined;
  spentInTask += Math.max(performance.now() - start, 0.01);
  return spans;
}

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
