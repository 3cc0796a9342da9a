// Reading a ChatGPT export: a real-shaped conversations.json (test/fixtures/chatgpt-export) with an edited question
// and a regenerated answer (branches), a tool call and its output, code, a picture, a hidden system prompt, and texts
// in Vietnamese, Russian and Chinese becomes chats of visible messages linked to their nearest kept ancestor, the
// branch ChatGPT showed marked; entries of another shape are skipped with a reason.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ImportedConversation, parseConversation } from "../../../worker/imports/chatgpt";

const entries = JSON.parse(
  readFileSync(join(__dirname, "../../fixtures/chatgpt-export/conversations.json"), "utf8"),
) as unknown[];

function conversation(i: number): ImportedConversation {
  const parsed = parseConversation(entries[i]);
  if (!parsed.ok) throw new Error(`entry ${i} skipped: ${parsed.reason}`);
  return parsed.conversation;
}

describe("a ChatGPT export", () => {
  it("keeps the visible messages with their branches and the branch ChatGPT showed", () => {
    const c = conversation(0);
    expect(c).toMatchObject({
      sourceId: "6650a1b2-0000-4000-8000-000000000001",
      title: "Du lịch Đà Nẵng",
      createdAt: 1_717_000_000_000,
      updatedAt: 1_717_000_300_000,
    });
    expect(c.messages.map((m) => [m.id, m.sender, m.parentId, m.onPath])).toEqual([
      ["u1", "user", null, true],
      ["a1", "bot", "u1", true],
      ["u2", "user", "a1", false],
      // the answer after the tool call hangs from the question: the call and its output are not shown
      ["a2b", "bot", "u2", false],
      ["u2b", "user", "a1", true],
      ["a3", "bot", "u2b", false],
      ["a3b", "bot", "u2b", true],
    ]);
    const byId = new Map(c.messages.map((m) => [m.id, m]));
    expect(byId.get("u1")).toMatchObject({
      text: "Lên kế hoạch đi Đà Nẵng 3 ngày giúp mình",
      createdAt: 1_717_000_000_500,
    });
    expect(byId.get("a1")?.model).toBe("gpt-4o");
    expect(byId.get("a2b")?.text).toContain("```python\nprint(3 * 1_500_000)\n```");
    expect(byId.get("a3")?.text).toBe("Первый вариант ответа");
    expect(byId.get("a3b")).toMatchObject({ text: "两个人的费用大约是 9,000,000 越南盾。", model: "o4-mini" });
    expect(byId.has("sys")).toBe(false);
    expect(byId.has("a2")).toBe(false);
    expect(byId.has("tool1")).toBe(false);
  });

  it("references a picture by its name", () => {
    const c = conversation(1);
    expect(c.messages[0]?.text).toBe("[image: file-AbC123]\n\nWhat is in this picture?");
    expect(c.messages.every((m) => m.onPath)).toBe(true);
  });

  it("skips a conversation with nothing to show, and an entry of another shape, saying why", () => {
    expect(parseConversation(entries[2])).toEqual({ ok: false, title: "Only a system prompt", reason: "no_messages" });
    expect(parseConversation(entries[3])).toEqual({ ok: false, title: "Broken entry", reason: "not_a_conversation" });
    expect(parseConversation("text")).toEqual({ ok: false, title: "", reason: "not_a_conversation" });
  });

  it("survives a cycle in a damaged tree", () => {
    const looped = {
      title: "Loop",
      conversation_id: "loop",
      current_node: "b",
      mapping: {
        a: { parent: "b", message: { author: { role: "user" }, content: { content_type: "text", parts: ["hi"] } } },
        b: {
          parent: "a",
          message: { author: { role: "assistant" }, content: { content_type: "text", parts: ["yo"] } },
        },
      },
    };
    const parsed = parseConversation(looped, 5);
    expect(parsed.ok).toBe(true);
  });
});
