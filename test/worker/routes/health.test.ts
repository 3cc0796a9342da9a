import { describe, expect, it } from "vitest";
import { call, json } from "../../support/api";

describe("GET /api/health", () => {
  it("answers status ok", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a JSON 404 in the error envelope", async () => {
    const res = await call("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ status: "error", code: "not_found" });
  });
});
