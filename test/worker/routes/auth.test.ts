import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, json, login, registerUser, seedUser } from "../../support/api";

describe("POST /auth/register", () => {
  it("creates the account, answers the user with a token and session token, and sets HttpOnly cookies", async () => {
    const res = await call("POST", "/auth/register", {
      body: { name: "  Lan  ", email: "Lan@Example.COM", password: "12345678" },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.status).toBe("success");
    expect(body.data.user).toMatchObject({
      name: "Lan",
      email: "lan@example.com",
      is_premium: 0,
      plan: "free",
      premium_active: false,
    });
    expect(body.data.user).not.toHaveProperty("password_hash");
    expect(body.data.session_token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.token.split(".")).toHaveLength(3);
    const cookies = res.headers.getSetCookie();
    expect(
      cookies.some(
        (c) => c.startsWith("jwt_token=") && /HttpOnly/i.test(c) && /Secure/i.test(c) && /SameSite=Lax/i.test(c),
      ),
    ).toBe(true);
    expect(cookies.some((c) => c.startsWith("session_token=") && /Max-Age=604800/.test(c))).toBe(true);
  });

  it("stores a PBKDF2 hash, never the password", async () => {
    const u = await registerUser({ password: "my secret password" });
    const row = await env.DB.prepare("SELECT password_hash, password_salt, password_iterations FROM users WHERE id = ?")
      .bind(u.id)
      .first<any>();
    expect(row.password_iterations).toBe(100_000);
    expect(row.password_hash).not.toContain("my secret password");
    expect(row.password_salt).toBeTruthy();
  });

  it("refuses a second account with the same email (any case) with 409", async () => {
    const u = await registerUser();
    const res = await call("POST", "/auth/register", {
      body: { name: "X", email: u.email.toUpperCase(), password: "12345678" },
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ status: "error", code: "email_taken", field: "email" });
  });

  it.each([
    [{ email: "a@b.co", password: "12345678" }, "name"],
    [{ name: "A", email: "not-an-email", password: "12345678" }, "email"],
    [{ name: "A", email: "a@b.co", password: "short" }, "password"],
    [{ name: "A", email: "a@b.co", password: 12345678 }, "password"],
  ])("answers 400 naming the bad field for %j", async (body, field) => {
    const res = await call("POST", "/auth/register", { body });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ status: "error", code: "invalid_input", field });
  });

  it("answers 400 for malformed JSON, never 500", async () => {
    const res = await call("POST", "/auth/register", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ status: "error" });
  });
});

describe("POST /auth/login", () => {
  it("logs in with the right password and returns a working token", async () => {
    const u = await seedUser();
    const s = await login(u.email, u.password);
    const me = await call("GET", "/auth/me", { token: s.token });
    expect(me.status).toBe(200);
    expect((await json(me)).data.user.email).toBe(u.email);
  });

  it("answers 401 invalid_credentials for a wrong password or an unknown email, with the same message", async () => {
    const u = await seedUser();
    const wrong = await call("POST", "/auth/login", { body: { email: u.email, password: "wrong password" } });
    const unknown = await call("POST", "/auth/login", { body: { email: "nobody@example.com", password: "whatever1" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await json(wrong), await json(unknown)];
    expect(a.code).toBe("invalid_credentials");
    expect(a.message).toBe(b.message);
  });

  it("answers 400 for a missing password", async () => {
    const res = await call("POST", "/auth/login", { body: { email: "a@b.co" } });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe("password");
  });
});

describe("GET /auth/me and PATCH /auth/update-profile", () => {
  it("answers 401 without credentials and with a forged token", async () => {
    expect((await call("GET", "/auth/me")).status).toBe(401);
    const forged = await call("GET", "/auth/me", { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad" });
    expect(forged.status).toBe(401);
    expect((await json(forged)).code).toBe("invalid_token");
  });

  it("authenticates with the jwt_token cookie too", async () => {
    const u = await seedUser();
    const res = await call("GET", "/auth/me", {
      headers: { Cookie: `jwt_token=${u.token}; session_token=${u.sessionToken}` },
    });
    expect(res.status).toBe(200);
  });

  it("updates the profile fields and returns the user", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", {
      token: u.token,
      body: { name: "Minh", phone_number: "+84 912 345 678", birthday: "1990-05-17", gender: "female", language: "vi" },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.user).toMatchObject({
      name: "Minh",
      phone_number: "+84 912 345 678",
      birthday: "1990-05-17",
      gender: "female",
      language: "vi",
    });
    const me = await json(await call("GET", "/auth/me", { token: u.token }));
    expect(me.data.user.name).toBe("Minh");
  });

  it.each([
    [{ gender: "robot" }, "gender"],
    [{ birthday: "17/05/1990" }, "birthday"],
    [{ birthday: "2999-01-01" }, "birthday"],
    [{ phone_number: "call me" }, "phone_number"],
    [{ name: "" }, "name"],
  ])("answers 400 for %j", async (body, field) => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", { token: u.token, body });
    expect(res.status).toBe(400);
    expect((await json(res)).field).toBe(field);
  });

  it.each([
    ["javascript:alert(1)"],
    [" JavaScript:alert(document.cookie)"],
    ["data:image/svg+xml,<svg onload=alert(1)>"],
    ["vbscript:msgbox(1)"],
    ["//evil.example/a.png"],
    ["/auth/avatar/not-through-the-upload"],
    ["not a url"],
    ["https://exa\tmple.com/a.png"],
    [`https://example.com/${"a".repeat(2_049)}`],
  ])("refuses the avatar %j with 400 in the error envelope and keeps the old one", async (avatar) => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", { token: u.token, body: { avatar } });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ status: "error", code: "invalid_input", field: "avatar" });
    expect((await json(await call("GET", "/auth/me", { token: u.token }))).data.user.avatar).toBeNull();
  });

  it("stores an http(s) avatar URL, and null clears it", async () => {
    const u = await seedUser();
    for (const avatar of ["https://lh3.googleusercontent.com/a/photo.jpg", "http://example.com/me.png", null]) {
      const res = await call("PATCH", "/auth/update-profile", { token: u.token, body: { avatar } });
      expect(res.status).toBe(200);
      expect((await json(res)).data.user.avatar).toBe(avatar);
    }
  });

  it("refuses a cookie-authenticated change from another origin", async () => {
    const u = await seedUser();
    const res = await call("PATCH", "/auth/update-profile", {
      body: { name: "Hacked" },
      headers: { Cookie: `jwt_token=${u.token}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe("csrf_rejected");
    const sameOrigin = await call("PATCH", "/auth/update-profile", {
      body: { name: "Fine" },
      headers: { Cookie: `jwt_token=${u.token}`, Origin: "https://may.test" },
    });
    expect(sameOrigin.status).toBe(200);
  });
});
