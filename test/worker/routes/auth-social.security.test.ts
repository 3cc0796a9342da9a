// No account takeover through a shared email or a borrowed identity: a pending link is bound to the identity that
// was verified and to the account of that email, and an identity linked to one user cannot be linked to another.
import { describe, expect, it } from "vitest";
import { call, json, seedUser } from "../../support/api";
import { googleToken, uniqueId } from "../accounts/social-helpers";

describe("account linking security", () => {
  it("a linking token for one email cannot link another account, even with that account's password", async () => {
    const victim = await seedUser();
    const attacker = await seedUser();
    const pending = (
      await json(
        await call("POST", "/auth/google", {
          body: { token: await googleToken({ sub: uniqueId(), email: attacker.email }) },
        }),
      )
    ).data;
    const res = await call("POST", "/auth/link-account", {
      body: { ...pending, email: victim.email, password: victim.password },
    });
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe("invalid_social_token");
  });

  it("an identity linked to one user cannot be linked to another", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const sub = uniqueId();
    const pa = (
      await json(await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: a.email }) } }))
    ).data;
    expect((await call("POST", "/auth/link-account", { body: { ...pa, password: a.password } })).status).toBe(200);
    // The same Google account now shows b's email (changed at Google): it still signs in as a, never pending for b.
    const again = await json(
      await call("POST", "/auth/google", { body: { token: await googleToken({ sub, email: b.email }) } }),
    );
    expect(again.status).toBe("success");
    expect(again.data.user.id).toBe(a.id);
  });

  it("a user cannot unlink another user's identity", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const pa = (
      await json(
        await call("POST", "/auth/google", { body: { token: await googleToken({ sub: uniqueId(), email: a.email }) } }),
      )
    ).data;
    await call("POST", "/auth/link-account", { body: { ...pa, password: a.password } });
    expect((await call("POST", "/auth/unlink-account", { token: b.token, body: { provider: "google" } })).status).toBe(
      404,
    );
    const list = await json(await call("GET", "/auth/linked-accounts", { token: a.token }));
    expect(list.data.providers).toHaveLength(1);
  });
});
