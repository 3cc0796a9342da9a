// GET /auth/social-config: the public ids the sign-in buttons need, and null for a provider that is not set up.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { socialConfig } from "../../../worker/routes/account-social";
import { call, json } from "../../support/api";

describe("GET /auth/social-config", () => {
  it("answers the configured Google client id and Facebook app id without signing in", async () => {
    const res = await call("GET", "/auth/social-config");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      status: "success",
      data: { google_client_id: env.GOOGLE_CLIENT_ID, facebook_app_id: env.FACEBOOK_APP_ID },
    });
  });

  it("never answers the Facebook app secret", async () => {
    const text = await (await call("GET", "/auth/social-config")).text();
    expect(env.FACEBOOK_APP_SECRET).toBeTruthy();
    expect(text).not.toContain(env.FACEBOOK_APP_SECRET!);
  });

  it("gives null for a provider that is not set up (Facebook needs its secret too)", () => {
    expect(socialConfig({})).toEqual({ google_client_id: null, facebook_app_id: null });
    expect(socialConfig({ GOOGLE_CLIENT_ID: "", FACEBOOK_APP_ID: "123" })).toEqual({
      google_client_id: null,
      facebook_app_id: null,
    });
    expect(
      socialConfig({
        GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
        FACEBOOK_APP_ID: "123",
        FACEBOOK_APP_SECRET: "s",
      }),
    ).toEqual({
      google_client_id: "id.apps.googleusercontent.com",
      facebook_app_id: "123",
    });
  });
});
