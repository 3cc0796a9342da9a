// The "done" path on the server, end to end in workerd: sign up, link a Google identity through the pending
// flow with the password, change the email by the code from the dev mailbox, change the password (other devices
// out), set a custom instruction and a style, connect an external model with the user's own key.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";
import { getUserModelKey } from "../../../worker/db/model-keys";
import { call, json, login, registerUser, setPlan } from "../../support/api";
import { latestCode } from "./helpers";
import { googleToken, uniqueId } from "./social-helpers";

describe("an account's journey", () => {
  it("works from sign-up to an external model", async () => {
    const u = await registerUser();
    const laptop = await login(u.email, u.password, "laptop");

    // Google identity with the same email → pending → linked with the password.
    const sub = uniqueId();
    const pending = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: u.email }) } }),
    );
    expect(pending.status).toBe("pending");
    const linked = await call("POST", "/auth/link-account", { body: { ...pending.data, password: u.password } });
    expect(linked.status).toBe(200);
    // That sign-in is this device from now on (Free keeps 2 devices: the registration's session was the oldest).
    const token = (await json(linked)).data.token as string;

    // Email change by the code in the dev mailbox.
    const newEmail = `journey-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await call("POST", "/auth/email-verification/request-change", { token, body: { newEmail } });
    const verified = await call("POST", "/auth/email-verification/verify-code", {
      token,
      body: { verificationCode: await latestCode(newEmail) },
    });
    expect(verified.status).toBe(200);

    // Password change: the laptop is signed out, this device stays until the SPA logs out itself.
    const changed = await call("POST", "/auth/change-password", {
      token,
      body: { currentPassword: u.password, newPassword: "journey pass 2" },
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/auth/me", { token: laptop.token })).status).toBe(401);
    const me = await json(await call("GET", "/auth/me", { token }));
    expect(me.data.user.email).toBe(newEmail);

    // Google still signs in to the same account after the email change.
    const viaGoogle = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: u.email }) } }),
    );
    expect(viaGoogle.data.user.id).toBe(u.id);

    // Personalization, and an external model on a premium plan.
    await setPlan(u.id, 1, Date.now() + 30 * 24 * 60 * 60 * 1000);
    await call("POST", "/auth/update-chat-customization", { token, body: { customization: "Answer like a pirate." } });
    const styled = await call("PATCH", "/auth/update-ai-settings", { token, body: { ai_style: "superCreative" } });
    expect((await json(styled)).data).toMatchObject({
      chat_customization: "Answer like a pirate.",
      ai_style: "superCreative",
    });
    const key = await call("PUT", "/auth/external-models/claude", { token, body: { apiKey: "good-journey-key-7777" } });
    expect((await json(key)).data.last4).toBe("7777");
    expect(await getUserModelKey({ db: createDb(env.DB), env, userId: u.id, provider: "claude" })).toBe(
      "good-journey-key-7777",
    );
  });
});
