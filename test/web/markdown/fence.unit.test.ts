// When a fenced code block is finished: what decides that a streaming block can be coloured (or drawn) as a whole.
import { describe, expect, it } from "vitest";
import { isFenceClosed } from "../../../web/src/features/chat/markdown/fence";

describe("isFenceClosed", () => {
  it.each([
    ["```py\nprint(1)\n```", true],
    ["```py\nprint(1)\n```\n\n", true],
    ["~~~\nx\n~~~", true],
    ["````\nx\n`````", true],
    ["  ```\nx\n  ```  ", true],
    ["    indented code", true],
    ["```py\nprint(1)\n", false],
    ["```py\nprint(1)\n``", false],
    ["```py", false],
    ["````\nx\n```", false],
    ["~~~\nx\n```", false],
    ["```\nx\n``` not a fence", false],
    ["```\nx\n\n\n\ny\n```\n\n\n", true],
    ["```\nx\n\n\n\n", false],
  ])("reads %j as closed: %s", (raw, closed) => {
    expect(isFenceClosed(raw)).toBe(closed);
  });
});
