// The connected drives as an upload source: a premium user lists the files of Google Drive, OneDrive or Microsoft 365
// (newest first, by name, paged; folders left out) and reads one (a Google document exported as text), all against
// the fake drive APIs in their real formats; the errors of those APIs become clear ones, and free users, other apps
// and apps not connected are refused.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getConnectedAppToken } from "../../../worker/connected-apps/oauth";
import { createDb } from "../../../worker/db/client";
import { call, json, premiumUser, seedUser, type TestUser } from "../../support/api";
import { connect } from "../../support/connected-apps";

const list = (u: TestUser, app: string, query = "") =>
  call("GET", `/auth/connected-apps/${app}/files${query}`, { token: u.token });
const content = (u: TestUser, app: string, id: string) =>
  call("GET", `/auth/connected-apps/${app}/files/${encodeURIComponent(id)}/content`, { token: u.token });

describe("GET /auth/connected-apps/:app/files", () => {
  it("lists a premium user's Google Drive files newest first, a page at a time, with a Google document as text", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    const res = await list(u, "google-drive");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.files).toHaveLength(50);
    expect(body.data.files.slice(0, 3)).toEqual([
      {
        id: "f-notes",
        name: "Meeting notes.txt",
        mime_type: "text/plain",
        size: 40,
        modified_at: "2025-07-10T08:00:00Z",
      },
      { id: "f-budget", name: "Budget 2025.csv", mime_type: "text/csv", size: 24, modified_at: "2025-07-09T08:00:00Z" },
      { id: "f-doc", name: "Trip plan.txt", mime_type: "text/plain", size: null, modified_at: "2025-07-08T08:00:00Z" },
    ]);
    expect(body.data.next_cursor).toEqual(expect.any(String));
    const next = await json(await list(u, "google-drive", `?cursor=${encodeURIComponent(body.data.next_cursor)}`));
    expect(next.data.files).toHaveLength(14);
    expect(next.data.next_cursor).toBeNull();
    const ids = new Set([...body.data.files, ...next.data.files].map((f: any) => f.id));
    expect(ids.size).toBe(64);
  });

  it("searches by name, quotes in the query kept as text", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    const found = await json(await list(u, "google-drive", "?q=budget"));
    expect(found.data.files.map((f: any) => f.name)).toEqual(["Budget 2025.csv"]);
    const quoted = await list(u, "google-drive", `?q=${encodeURIComponent("it's' or name contains '")}`);
    expect(quoted.status).toBe(200);
    expect((await json(quoted)).data.files).toEqual([]);
  });

  it("lists OneDrive and Microsoft 365 through Graph, leaving folders out and paging by skip token", async () => {
    const u = await premiumUser();
    for (const app of ["onedrive", "microsoft-365"]) {
      await connect(u, app);
      const body = await json(await list(u, app));
      expect(body.data.files.some((f: any) => f.name === "Photos")).toBe(false);
      expect(body.data.files[0]).toMatchObject({
        id: "f-notes",
        name: "Meeting notes.txt",
        mime_type: "text/plain",
        size: 40,
      });
      expect(body.data.next_cursor).toMatch(/^\d+$/);
      const more = await json(await list(u, app, `?cursor=${body.data.next_cursor}`));
      expect(more.data.files.length).toBeGreaterThan(0);
      const found = await json(await list(u, app, "?q=meeting"));
      expect(found.data.files.map((f: any) => f.id)).toEqual(["f-notes"]);
    }
  });

  it("refuses free users (403 premium_required) and says an app that is not connected must be connected first (409)", async () => {
    const free = await seedUser();
    await connect(free, "google-drive");
    const refused = await list(free, "google-drive");
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe("premium_required");
    expect((await content(free, "google-drive", "f-notes")).status).toBe(403);

    const u = await premiumUser();
    const notConnected = await list(u, "onedrive");
    expect(notConnected.status).toBe(409);
    expect(await json(notConnected)).toMatchObject({ status: "error", code: "app_not_connected" });
  });

  it("answers 400 for an app that holds no files or a bad query, 401 without a session", async () => {
    const u = await premiumUser();
    expect((await list(u, "gmail")).status).toBe(400);
    expect((await list(u, "google-drive", `?q=${"x".repeat(201)}`)).status).toBe(400);
    expect((await call("GET", "/auth/connected-apps/google-drive/files")).status).toBe(401);
  });
});

describe("GET /auth/connected-apps/:app/files/:id/content", () => {
  it("reads a file's bytes with its name and type, and exports a Google document as text", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    const res = await content(u, "google-drive", "f-notes");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain");
    expect(res.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''Meeting%20notes.txt");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toBe("Notes: ship the drive picker on Friday.\n");
    const doc = await content(u, "google-drive", "f-doc");
    expect(doc.headers.get("Content-Disposition")).toContain("Trip%20plan.txt");
    expect(await doc.text()).toBe("Trip plan: Hà Nội, then Huế.\n");
  });

  it("follows Graph's redirect to the download", async () => {
    const u = await premiumUser();
    await connect(u, "onedrive");
    const res = await content(u, "onedrive", "f-budget");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv");
    expect(await res.text()).toBe("item,amount\nrice,120000\n");
  });

  it("refuses a file over 5 MB (413) and answers 404 for one that is not in the drive", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    await connect(u, "onedrive");
    for (const app of ["google-drive", "onedrive"]) {
      const big = await content(u, app, "f-big");
      expect(big.status).toBe(413);
      expect((await json(big)).code).toBe("payload_too_large");
      const missing = await content(u, app, "no-such-file");
      expect(missing.status).toBe(404);
      expect((await json(missing)).code).toBe("not_found");
    }
  });
});

describe("the drive APIs' failures", () => {
  /** Makes the fake drive answer `status` for this user's current token. */
  async function failWith(u: TestUser, app: "google-drive" | "onedrive", status: number) {
    const token = await getConnectedAppToken({ env, db: createDb(env.DB), userId: u.id, app });
    await fetch(`${env.FAKE_IDENTITY_URL}/drive/__fail`, { method: "POST", body: JSON.stringify({ token, status }) });
  }

  it("turns 429 into rate_limited, 500 into provider_unavailable and a token the drive refuses into app_not_connected", async () => {
    for (const [app, status, code, httpStatus] of [
      ["google-drive", 429, "rate_limited", 429],
      ["onedrive", 500, "provider_unavailable", 502],
    ] as const) {
      const u = await premiumUser();
      await connect(u, app);
      await failWith(u, app, status);
      const res = await list(u, app);
      expect(res.status).toBe(httpStatus);
      expect(await json(res)).toMatchObject({ status: "error", code });
    }
    // a token the drive no longer accepts (revoked at the provider): the user is asked to connect again
    const u = await premiumUser();
    await connect(u, "google-drive");
    await failWith(u, "google-drive", 401);
    const refused = await content(u, "google-drive", "f-notes");
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ code: "app_not_connected" });
  });
});
