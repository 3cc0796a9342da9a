// Sign-in abuse without lockout: failures are limited per IP and per account-and-IP, successes are never counted,
// and the owner's right password gets through however many wrong ones others tried.
import { describe, expect, it } from "vitest";
import { call, json, seedUser } from "../../support/api";

const fromIp = (ip: string, extra: Record<string, string> = {}) => ({ "CF-Connecting-IP": ip, ...extra });

async function attempt(email: string, password: string, ip: string, cookie?: string) {
  return call("POST", "/auth/login", {
    body: { email, password },
    headers: fromIp(ip, cookie ? { Cookie: cookie } : {}),
  });
}

function deviceCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("may_device="));
  if (!set) throw new Error("no device cookie");
  return set.split(";")[0]!;
}

describe("login failure limits", () => {
  it("lets the owner's right password through after 12 wrong ones from an attacker's address", async () => {
    const u = await seedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(u.email, `wrong ${i}`, "203.0.113.7")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The attacker's address is refused even with the right password: it no longer gets to test any password.
    expect((await attempt(u.email, u.password, "203.0.113.7")).status).toBe(429);
    // The owner, from home, signs in at once.
    const owner = await attempt(u.email, u.password, "198.51.100.20");
    expect(owner.status).toBe(200);
    expect((await json(owner)).data.token).toBeTruthy();
  });

  it("lets the owner through on a browser that signed in before, even behind the attacker's address", async () => {
    const u = await seedUser();
    const first = await attempt(u.email, u.password, "192.0.2.1");
    expect(first.status).toBe(200);
    const cookie = deviceCookie(first);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("may_device="))).toMatch(/HttpOnly/i);
    for (let i = 0; i < 11; i++) await attempt(u.email, "wrong password", "203.0.113.8");
    expect((await attempt(u.email, u.password, "203.0.113.8")).status).toBe(429);
    expect((await attempt(u.email, u.password, "203.0.113.8", cookie)).status).toBe(200);
  });

  it("does not trust another account's device cookie", async () => {
    const a = await seedUser();
    const b = await seedUser();
    const cookie = deviceCookie(await attempt(a.email, a.password, "192.0.2.2"));
    for (let i = 0; i < 11; i++) await attempt(b.email, "wrong password", "203.0.113.9");
    expect((await attempt(b.email, b.password, "203.0.113.9", cookie)).status).toBe(429);
  });

  it("does not count successful logins against the address's budget", async () => {
    const u = await seedUser();
    for (let i = 0; i < 55; i++) expect((await attempt(u.email, u.password, "198.51.100.30")).status).toBe(200);
    // Still a plain 401 for a wrong password: the 55 successes used none of the 50 allowed failures.
    expect((await attempt(u.email, "wrong password", "198.51.100.30")).status).toBe(401);
  }, 60_000);

  it("answers 429 with Retry-After once an address has used its 50 failures, on any account", async () => {
    const u = await seedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await attempt(`nobody${i}@example.com`, "whatever1", "203.0.113.50")).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await attempt(u.email, "wrong password", "203.0.113.50");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ status: "error", code: "rate_limited" });
    expect((await attempt(u.email, u.password, "203.0.113.50")).status).toBe(429);
    // Another address is unaffected.
    expect((await attempt(u.email, u.password, "203.0.113.51")).status).toBe(200);
  }, 60_000);

  it("buckets IPv6 clients by their /64", async () => {
    const u = await seedUser();
    for (let i = 0; i < 10; i++) await attempt(u.email, "wrong password", `2001:db8:1:2::${i + 1}`);
    expect((await attempt(u.email, u.password, "2001:db8:1:2:ffff::9")).status).toBe(429);
    expect((await attempt(u.email, u.password, "2001:db8:1:3::1")).status).toBe(200);
  });

  it("reads no other forwarding header than CF-Connecting-IP", async () => {
    const u = await seedUser();
    for (let i = 0; i < 10; i++) {
      await call("POST", "/auth/login", {
        body: { email: u.email, password: "wrong password" },
        headers: fromIp("203.0.113.60", { "X-Forwarded-For": `10.0.0.${i}`, "X-Real-IP": `10.0.1.${i}` }),
      });
    }
    expect((await attempt(u.email, u.password, "203.0.113.60")).status).toBe(429);
  });
});

describe("local requests", () => {
  it("give loopback addresses (wrangler dev's 127.0.0.1) no per-IP budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await call("POST", "/auth/register", {
        body: { name: "N", email: `local${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "12345678" },
        headers: fromIp("127.0.0.1"),
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
  }, 60_000);
});

describe("registration limit", () => {
  it("allows 20 registrations per address per hour, then 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call("POST", "/auth/register", {
        body: { name: "N", email: `reg${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "12345678" },
        headers: fromIp("198.51.100.99"),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  }, 60_000);
});
