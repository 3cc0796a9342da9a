// Public answers that need no sign-in: the health check, the operator's public configuration, and the JSON 404.
import { describe, expect, it } from "vitest";
import { publicConfig } from "../../../worker/routes/app-config";
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

describe("GET /api/config", () => {
  it("answers the support address from the configuration (wrangler.toml [vars]) without signing in", async () => {
    const res = await call("GET", "/api/config");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "success", data: { support_email: "support@may.example" } });
  });

  it("gives null for a support address that is not set up or is not an email address, and trims one that is", () => {
    expect(publicConfig({})).toEqual({ support_email: null });
    expect(publicConfig({ SUPPORT_EMAIL: "  " })).toEqual({ support_email: null });
    expect(publicConfig({ SUPPORT_EMAIL: "not an address" })).toEqual({ support_email: null });
    expect(publicConfig({ SUPPORT_EMAIL: " hotro@may.vn " })).toEqual({ support_email: "hotro@may.vn" });
  });
});
