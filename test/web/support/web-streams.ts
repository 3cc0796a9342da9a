// The jsdom files run in one worker each in a fresh VM context (vitest's vmThreads pool: no new jsdom process per
// file). That context has Node's fetch and Response but not the web streams classes the fake chat worker builds its
// answers with: they are lent from Node, the same realm as Response, so a Response takes them as its body.
import { ReadableStream, TextDecoderStream, TextEncoderStream, TransformStream, WritableStream } from "node:stream/web";

const lent = { ReadableStream, WritableStream, TransformStream, TextDecoderStream, TextEncoderStream };
for (const [name, value] of Object.entries(lent)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
