// "Download my data" (GET /auth/data-export): one zip with the user's profile, settings, memory, sessions and orders,
// every chat as Markdown (its branch) and as JSON (every version) with its project and own settings, the projects,
// their pictures and attached files, and nothing of another user's; GET /auth/data-export/summary counts what is
// coming, for the app's progress bar.
import { env } from "cloudflare:workers";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import {
  call,
  expectError,
  json,
  makeChat,
  ORIGIN,
  premiumUser,
  seedUser,
  type TestUser,
  workerFetch,
} from "../../support/api";
import { seedMessages, seedPicture } from "../../support/shares";

async function download(u: TestUser) {
  const res = await call("GET", "/auth/data-export", { token: u.token });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/zip");
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="may-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const text = (files: Record<string, Uint8Array>, name: string) => {
  const file = files[name];
  if (!file) throw new Error(`no ${name} in ${Object.keys(files).join(", ")}`);
  return strFromU8(file);
};

/** A project of the user's made through the API, with one uploaded file; answers its id and the file's. */
async function projectWithFile(u: TestUser, name: string, instructions: string) {
  const form = new FormData();
  form.append("files", new File(["brief"], "brief.txt"));
  const uploaded = await workerFetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${u.token}` },
      body: form,
    }),
  );
  expect(uploaded.status).toBe(201);
  const fileId: string = (await json(uploaded)).data.files[0].id;
  const res = await call("POST", "/projects", { token: u.token, body: { name, instructions, file_ids: [fileId] } });
  expect(res.status).toBe(201);
  return { projectId: (await json(res)).data.id as string, fileId };
}

describe("downloading all my data", () => {
  it("holds the profile, every chat with every version, the pictures and the files", async () => {
    const u = await seedUser({ name: "Minh Tran" });
    const chatId = await makeChat(u.id, "Đà Nẵng trip");
    const picture = await seedPicture(u.id, chatId);
    await env.IMAGES.put(`uploads/${u.id}/up-1`, "notes", {
      httpMetadata: { contentType: "text/plain" },
      customMetadata: { name: encodeURIComponent("ghi chú.txt"), group: "text" },
    });
    await env.IMAGES.put(`uploads/${u.id}/up-1.txt`, "notes");
    await seedMessages(u.id, chatId, [
      { id: "q1", sender: "user", text: "Plan a trip" },
      { id: "a1-old", sender: "bot", text: "The first answer", onPath: false },
      { id: "a1", sender: "bot", text: `The chosen answer ![map](/media-api/api/images/${picture})`, parent: "q1" },
    ]);
    const deleted = await makeChat(u.id, "Deleted chat");
    await seedMessages(u.id, deleted, [{ id: "x", sender: "user", text: "gone" }]);
    await call("PATCH", `/chat-sessions/${deleted}`, { token: u.token, body: { status: "deleted" } });
    await call("POST", "/auth/memories", { token: u.token, body: { content: "Likes the sea" } });
    const other = await seedUser();
    const theirs = await makeChat(other.id, "Not mine");
    await seedMessages(other.id, theirs, [{ id: "q", sender: "user", text: "secret of another user" }]);

    const files = await download(u);
    const names = Object.keys(files);
    expect(names).toContain("README.txt");
    const profile = JSON.parse(text(files, "profile.json"));
    expect(profile.account).toMatchObject({ id: u.id, name: "Minh Tran", email: u.email });
    expect(JSON.stringify(profile)).not.toMatch(/password|token_hash/i);
    expect(profile.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(profile.memory)).toContain("Likes the sea");
    const index = JSON.parse(text(files, "chats/index.json"));
    expect(index.map((c: { id: string }) => c.id)).toEqual([chatId]);
    const markdown = text(files, index[0].files.markdown);
    expect(markdown).toContain("# Đà Nẵng trip");
    expect(markdown).toContain("The chosen answer");
    expect(markdown).not.toContain("The first answer");
    const tree = JSON.parse(text(files, index[0].files.json));
    expect(tree.messages.map((m: { message_id: string; on_path: boolean }) => [m.message_id, m.on_path])).toEqual([
      ["q1", true],
      ["a1-old", false],
      ["a1", true],
    ]);
    expect(tree.messages[2].parent_id).toBe("q1");
    expect(files[`images/${picture}.png`]?.byteLength).toBeGreaterThan(0);
    expect(text(files, "files/up-1-ghi chú.txt")).toBe("notes");
    expect(names.some((n) => n.endsWith("up-1.txt"))).toBe(false);
    const all = names.map((n) => strFromU8(files[n]!)).join("\n");
    expect(all).not.toContain("Deleted chat");
    expect(all).not.toContain("secret of another user");
  });

  it("holds the user's projects, and each chat's project and own settings", async () => {
    const u = await premiumUser();
    const { projectId, fileId } = await projectWithFile(u, "Thesis", "Answer as my supervisor would.");
    const created = await call("POST", "/chat-sessions", {
      token: u.token,
      body: { title: "Chapter 1", project_id: projectId },
    });
    expect(created.status).toBe(201);
    const chatId: string = (await json(created)).data.id;
    const settings = { system_prompt: "Be brief.", temperature: 0.3, max_tokens: 800 };
    expect((await call("PUT", `/chat-sessions/${chatId}/settings`, { token: u.token, body: settings })).status).toBe(
      200,
    );
    const plain = await makeChat(u.id, "No project");
    const other = await seedUser();
    await projectWithFile(other, "Someone else's project", "secret instructions of another user");

    const files = await download(u);
    const projects = JSON.parse(text(files, "projects.json"));
    expect(projects).toEqual([
      {
        id: projectId,
        name: "Thesis",
        instructions: "Answer as my supervisor would.",
        files: [expect.objectContaining({ id: fileId, name: "brief.txt" })],
        chat_count: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(text(files, `files/${fileId}-brief.txt`)).toBe("brief");
    const index = JSON.parse(text(files, "chats/index.json"));
    const inProject = index.find((c: { id: string }) => c.id === chatId);
    expect(inProject).toMatchObject({ project_id: projectId, ...settings });
    expect(JSON.parse(text(files, inProject.files.json)).chat).toMatchObject({ project_id: projectId, ...settings });
    expect(index.find((c: { id: string }) => c.id === plain)).toMatchObject({
      project_id: null,
      system_prompt: null,
      temperature: null,
      max_tokens: null,
    });
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    expect(all).not.toContain("Someone else's project");
    expect(all).not.toContain("secret instructions of another user");
  });

  it("counts what is coming", async () => {
    const u = await seedUser();
    const chatId = await makeChat(u.id, "Counted");
    await seedPicture(u.id, chatId);
    await seedMessages(u.id, chatId, [
      { id: "q", sender: "user", text: "abc" },
      { id: "a", sender: "bot", text: "Việt" },
    ]);
    const res = await call("GET", "/auth/data-export/summary", { token: u.token });
    expect(res.status).toBe(200);
    const summary = (await json(res)).data;
    expect(summary).toMatchObject({ chats: 1, messages: 2, images: 1, files: 0 });
    // 3 + 7 bytes of UTF-8 text, written about three times, and the picture
    expect(summary.approximate_bytes).toBeGreaterThanOrEqual(30);
  });

  it("needs a sign-in", async () => {
    await expectError(await call("GET", "/auth/data-export"), 401);
    await expectError(await call("GET", "/auth/data-export/summary"), 401);
  });

  it("keeps two chats of one title and day apart", async () => {
    const u = await seedUser();
    for (const id of ["c1", "c2"]) {
      const chatId = await makeChat(u.id, "Same title");
      await seedMessages(u.id, chatId, [{ id, sender: "user", text: id }]);
    }
    const index = JSON.parse(text(await download(u), "chats/index.json"));
    const stems = index.map((c: { files: { markdown: string } }) => c.files.markdown);
    expect(new Set(stems).size).toBe(2);
  });
});
