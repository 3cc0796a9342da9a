// GET /chat-sessions/:id/export: one chat as a Markdown or JSON file to download, named after its title.
import { describe, expect, it } from "vitest";
import { call, expectError, json, seedUser, type TestUser } from "../../support/api";

async function chatWithAnswer(user: TestUser, title: string) {
  const chat = (await json(await call("POST", "/chat-sessions", { token: user.token, body: { title } }))).data;
  const saved = await call("POST", "/media-api/api/chat/save", {
    token: user.token,
    body: {
      chat_id: chat.id,
      messages: [
        { message_id: "q1", sender: "user", message: "Phở nấu thế nào?" },
        {
          message_id: "a1",
          sender: "bot",
          message: "Ninh xương **8 giờ**.\n\n```python\nprint('phở')\n```",
          model: "gpt-4.1-mini",
          citations: [{ url: "https://example.com/pho", title: "Phở recipe" }],
        },
      ],
    },
  });
  expect(saved.status).toBe(200);
  return chat.id as string;
}

describe("GET /chat-sessions/:id/export", () => {
  it("downloads the chat as Markdown, named after its title, with each message, its model and its sources", async () => {
    const user = await seedUser();
    const id = await chatWithAnswer(user, "Phở: cách nấu / 2026");
    const res = await call("GET", `/chat-sessions/${id}/export`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Ph_ c_ch n_u 2026.md"; filename*=UTF-8''${encodeURIComponent("Phở cách nấu 2026.md")}`,
    );
    const text = await res.text();
    expect(text).toMatch(/^# Phở: cách nấu \/ 2026\n/);
    expect(text).toMatch(/## You · \d{4}-\d\d-\d\d \d\d:\d\d UTC\n\nPhở nấu thế nào\?/);
    expect(text).toContain("## Mây (gpt-4.1-mini)");
    expect(text).toContain("Ninh xương **8 giờ**.\n\n```python\nprint('phở')\n```");
    expect(text).toContain("Sources:\n\n1. [Phở recipe](https://example.com/pho)");
  });

  it("downloads the chat as JSON with every message in order", async () => {
    const user = await seedUser();
    const id = await chatWithAnswer(user, "Soup");
    const res = await call("GET", `/chat-sessions/${id}/export?format=json`, { token: user.token });
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toContain('filename="Soup.json"');
    const body = JSON.parse(await res.text());
    expect(body).toMatchObject({ format: "may-chat-export", version: 1, chat: { id, title: "Soup" } });
    expect(body.messages.map((m: { message_id: string; sender: string }) => [m.message_id, m.sender])).toEqual([
      ["q1", "user"],
      ["a1", "bot"],
    ]);
    expect(body.messages[1].citations).toEqual([{ url: "https://example.com/pho", title: "Phở recipe" }]);
  });

  it("answers 404 for another user's chat and a deleted one, and 400 for an unknown format", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const id = await chatWithAnswer(owner, "Mine");
    await expectError(await call("GET", `/chat-sessions/${id}/export`, { token: other.token }), 404, "not_found");
    await expectError(
      await call("GET", `/chat-sessions/${id}/export?format=pdf`, { token: owner.token }),
      400,
      "invalid_input",
    );
    await call("PATCH", `/chat-sessions/${id}`, { token: owner.token, body: { status: "deleted" } });
    await expectError(await call("GET", `/chat-sessions/${id}/export`, { token: owner.token }), 404, "not_found");
  });
});
