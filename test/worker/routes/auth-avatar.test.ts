// The profile picture in R2: uploaded as multipart or raw bytes, recognised by its bytes, readable by its owner only.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, ORIGIN, seedUser } from "../../support/api";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

async function upload(token: string, body: BodyInit, contentType?: string) {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (contentType) headers.set("Content-Type", contentType);
  return exports.default.fetch(new Request(`${ORIGIN}/auth/avatar`, { method: "POST", headers, body }));
}

describe("/auth/avatar", () => {
  it("stores a multipart PNG in R2, sets the profile's avatar, and serves it to its owner", async () => {
    const u = await seedUser();
    const form = new FormData();
    form.set("avatar", new File([PNG], "me.png", { type: "image/png" }));
    const res = await upload(u.token, form);
    expect(res.status).toBe(201);
    const avatar = (await json(res)).data.user.avatar as string;
    expect(avatar).toMatch(/^\/auth\/avatar\/[0-9a-f-]{36}$/);
    expect((await json(await call("GET", "/auth/me", { token: u.token }))).data.user.avatar).toBe(avatar);
    const img = await call("GET", avatar, { token: u.token });
    expect(img.status).toBe(200);
    expect(img.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);
    const listed = await env.IMAGES.list({ prefix: `avatars/${u.id}/` });
    expect(listed.objects).toHaveLength(1);
  });

  it("replaces the old picture (raw JPEG bytes) and deletes it from R2", async () => {
    const u = await seedUser();
    const first = (await json(await upload(u.token, PNG, "image/png"))).data.avatar;
    const second = (await json(await upload(u.token, JPEG, "application/octet-stream"))).data.avatar;
    expect(second).not.toBe(first);
    expect((await call("GET", first, { token: u.token })).status).toBe(404);
    expect((await call("GET", second, { token: u.token })).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await env.IMAGES.list({ prefix: `avatars/${u.id}/` })).objects).toHaveLength(1);
  });

  it("refuses what is not an image with 415, whatever its declared type, and an empty body with 400", async () => {
    const u = await seedUser();
    const html = await upload(u.token, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    expect(html.status).toBe(415);
    expect((await upload(u.token, new Uint8Array(0), "image/png")).status).toBe(400);
  });

  it("refuses more than 2 MB with 413", async () => {
    const u = await seedUser();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(u.token, big, "image/png")).status).toBe(413);
  });

  it("removes the picture", async () => {
    const u = await seedUser();
    const avatar = (await json(await upload(u.token, PNG, "image/png"))).data.avatar;
    const res = await call("DELETE", "/auth/avatar", { token: u.token });
    expect((await json(res)).data.user.avatar).toBeNull();
    expect((await call("GET", avatar, { token: u.token })).status).toBe(404);
  });
});
