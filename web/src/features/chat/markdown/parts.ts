// The parts of the renderer only some answers need, each loaded with the first answer that does (lazy-part.ts): the
// code block's frame and tools, its colouring, typeset math, diagrams and tables' copy tools. Declared once, for the
// renderer that draws them and for needed-parts.ts, which starts loading them as soon as a chat's text is known.
import { lazyPart } from "./lazy-part";

export const codeBlockPart = lazyPart(() => import("./code-block"));
export const highlighterPart = lazyPart(() => import("./code/highlighter"));
export const formulaPart = lazyPart(() => import("./math/formula"));
export const diagramPart = lazyPart(() => import("./diagram/diagram"));
export const tableToolsPart = lazyPart(() => import("./table-tools"));
