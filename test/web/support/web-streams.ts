// The jsdom files run in one worker each in a fresh VM context (vitest's vmThreads pool: no new jsdom process per
// file). That context has Node's fetch and Response but not the web streams classes the fake chat worker builds its
// answers with: they are lent from Node, the same realm as Response, so a Response takes them as its body.
import * as streams from "node:stream/web";

for (const name of [
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "TextDecoderStream",
  "TextEncoderStream",
] as const) {
  if (!(name in globalThis))
    Object.defineProperty(globalThis, name, { value: streams[name], configurable: true, writable: true });
}
