// Draws a Mermaid diagram of an answer as an SVG image. Mermaid is large (its own lazy chunks, several hundred kB) and
// loads with the first finished ```mermaid block, never with the chat. Its security level is strict (no click
// handlers, labels sanitized, and a diagram's %%{init}%% cannot lower it), and the SVG is then shown as an <img>,
// where a browser runs no script and loads nothing, whatever the model wrote. Diagrams are drawn one at a time
// (mermaid's render is not re-entrant) and kept by source and theme, so a message scrolled back into view is not
// drawn again.

export type Theme = "light" | "dark";

export type Drawing = { src: string; width: number; height: number } | { error: string };

type Mermaid = typeof import("mermaid").default;

let mermaid: Promise<Mermaid> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

/** Drawings kept, most recent last; a chat holds a few diagrams at most. */
const CACHE_SIZE = 100;
const drawings = new Map<string, Drawing>();

/** The kept drawing of a source in a theme, if it was drawn already. */
export function drawnAlready(source: string, theme: Theme): Drawing | undefined {
  return drawings.get(`${theme}\u0000${source}`);
}

function loadMermaid(): Promise<Mermaid> {
  mermaid ??= import("mermaid").then(
    (m) => m.default,
    (err) => {
      mermaid = undefined; // a failed chunk (offline) may be tried again by the next diagram
      throw err;
    },
  );
  return mermaid;
}

/** The SVG's own size, from its viewBox, so the image keeps its proportions and is no wider than drawn. */
function sizeOf(svg: string): { width: number; height: number } {
  const box = /viewBox="[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(svg);
  const width = Math.ceil(Number(box?.[1]) || 600);
  const height = Math.ceil(Number(box?.[2]) || 400);
  return { width, height };
}

async function render(source: string, theme: Theme): Promise<Drawing> {
  const lib = await loadMermaid();
  lib.initialize({
    startOnLoad: false,
    securityLevel: "strict",
    theme: theme === "dark" ? "dark" : "default",
    // labels as SVG text, not HTML in a foreignObject, so they draw inside an <img>; a font every system has, as the
    // image cannot use the page's web fonts
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    fontFamily: "Arial, Helvetica, sans-serif",
    maxTextSize: 20_000,
  });
  const id = `may-diagram-${++counter}`;
  try {
    // a syntax error throws here, before mermaid puts anything in the page
    await lib.parse(source);
    const { svg } = await lib.render(id, source);
    return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, ...sizeOf(svg) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  } finally {
    // mermaid may leave its scratch element behind after an error
    document.getElementById(id)?.remove();
    document.getElementById(`d${id}`)?.remove();
  }
}

/** Draws (or joins the drawing of) a diagram; resolves with the image or the error. */
export function drawDiagram(source: string, theme: Theme): Promise<Drawing> {
  const key = `${theme}\u0000${source}`;
  const kept = drawings.get(key);
  if (kept) return Promise.resolve(kept);
  const next = queue.then(() => drawings.get(key) ?? render(source, theme));
  queue = next.catch(() => undefined);
  return next.then(
    (drawing) => {
      if (drawings.size >= CACHE_SIZE) drawings.delete(drawings.keys().next().value as string);
      drawings.set(key, drawing);
      return drawing;
    },
    (err) => ({ error: err instanceof Error ? err.message : String(err) }),
  );
}
