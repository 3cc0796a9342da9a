// A user's avatar is readable by that user only.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, ORIGIN, seedUser } from "../../support/api";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("avatar privacy", () => {
  it("answers 404 to another user and 401 to nobody", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/auth/avatar`, {
        method: "POST",
        headers: { Authorization: `Bearer ${a.token}`, "Content-Type": "image/png" },
        body: PNG,
      }),
    );
    const avatar = (await json(res)).data.avatar as string;
    expect((await call("GET", avatar, { token: b.token })).status).toBe(404);
    expect((await call("GET", avatar)).status).toBe(401);
    expect((await call("GET", avatar, { token: a.token })).status).toBe(200);
  });
});
