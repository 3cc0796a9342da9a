// Payments and the affiliate programme: the bank configuration, orders private to their user, referrals and
// commissions, then the payment routes (packages, orders, QR, the bank's webhook, premium periods). One file, so
// workerd loads the worker once for all of them.
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FAQ_ENTRIES, FAQ_LANGUAGES } from "../../../worker/affiliate/faq-content";
import { parseReferralCookie, REFERRAL_WINDOW_MS } from "../../../worker/affiliate/referral";
import { attributeSignup } from "../../../worker/db/affiliate";
import { createDb } from "../../../worker/db/client";
import { bankAccount, commissionOf, commissionRateBps, DEFAULT_COMMISSION_BPS } from "../../../worker/payments/config";
import { addCalendarMonths } from "../../../worker/plans/premium-period";
import { userHub } from "../../../durable-objects/user-hub-stub";
import { hasValidCrc, parseTlv } from "../../../worker/payments/vietqr";
import {
  AffiliateDashboardBodySchema,
  CreateOrderBodySchema,
  FaqEntryBodySchema,
  FaqListBodySchema,
  JoinAffiliateBodySchema,
  OrdersBodySchema,
  PackagesBodySchema,
  PaymentCheckBodySchema,
  PremiumInfoBodySchema,
  SubscriptionHistoryBodySchema,
} from "../../../worker/protocol/payments";
import { call, json, seedUser, type TestUser } from "../../support/api";
import { openSocket } from "../../support/socket";
import {
  callWithEnv,
  createOrder,
  history,
  ledger,
  pay,
  periodsOf,
  premiumInfo,
  sendWebhook,
  shiftPaidTime,
  transfer,
  WEBHOOK_SECRET,
} from "../payments/helpers";

// ---- config ------------------------------------------------------------------------------------------------------
describe("payment configuration", () => {
  it("reads the bank account from the Worker's vars", () => {
    expect(bankAccount(env)).toEqual({
      bin: env.BANK_BIN,
      accountNumber: env.BANK_ACCOUNT_NUMBER,
      accountName: env.BANK_ACCOUNT_NAME,
      bankName: env.BANK_NAME,
    });
  });

  it("refuses a BIN or account a QR code could not carry with server_misconfigured", () => {
    expect(() => bankAccount({ ...env, BANK_BIN: "9704" })).toThrow(
      expect.objectContaining({ code: "server_misconfigured" }),
    );
    expect(() => bankAccount({ ...env, BANK_ACCOUNT_NUMBER: "12 34" })).toThrow(
      expect.objectContaining({ code: "server_misconfigured" }),
    );
  });

  it("reads the commission rate as a fraction, 20% when unset, and refuses nonsense", () => {
    expect(commissionRateBps({ ...env, AFFILIATE_COMMISSION_RATE: "0.15" })).toBe(1500);
    expect(commissionRateBps({ ...env, AFFILIATE_COMMISSION_RATE: "" })).toBe(DEFAULT_COMMISSION_BPS);
    for (const bad of ["1.5", "-0.1", "20%", "abc"]) {
      expect(() => commissionRateBps({ ...env, AFFILIATE_COMMISSION_RATE: bad }), bad).toThrow();
    }
  });

  it("rounds a commission down to whole dong", () => {
    expect(commissionOf(149_000, 2000)).toBe(29_800);
    expect(commissionOf(149_999, 333)).toBe(4994);
  });
});

// ---- payments.security -------------------------------------------------------------------------------------------
describe("orders are private to their user", () => {
  it("answers 404 for another user's order by code, on verify and on the order itself", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const { order } = await createOrder(bob, "BS_1T");
    const verify = await call("POST", "/payments/verify", {
      token: alice.token,
      body: { packageType: "BS_1T", amount: 149_000, orderCode: order.code },
    });
    expect(verify.status).toBe(404);
    expect(await json(verify)).toMatchObject({ status: "error", code: "not_found" });
    expect((await call("GET", `/payments/orders/${order.code}`, { token: alice.token })).status).toBe(404);
    expect((await call("GET", `/payments/orders/${order.code}`, { token: bob.token })).status).toBe(200);
  });

  it("never lists another user's orders or subscriptions", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    await createOrder(bob, "AD_1T");
    const { data } = await json(await call("GET", "/payments/orders", { token: alice.token }));
    expect(data.orders).toEqual([]);
    expect(await history(alice)).toEqual([]);
  });

  it("refuses a verify call naming another user's id with 403", async () => {
    const alice = await seedUser();
    const bob = await seedUser();
    const res = await call("POST", "/payments/verify", {
      token: alice.token,
      body: { userId: bob.id, packageType: "BS_1T", amount: 149_000 },
    });
    expect(res.status).toBe(403);
  });

  it("needs a signed-in user for orders, history and premium info", async () => {
    for (const [method, path] of [
      ["POST", "/payments/create"],
      ["POST", "/payments/verify"],
      ["GET", "/payments/orders"],
      ["GET", "/auth/premium-info"],
      ["GET", "/auth/subscription-history"],
    ] as const) {
      expect(
        (await call(method, path, { body: method === "POST" ? { packageType: "BS_1T", amount: 149_000 } : undefined }))
          .status,
        path,
      ).toBe(401);
    }
  });
});

describe("the webhook only trusts the bank's shared secret", () => {
  async function attempt(opts: Parameters<typeof sendWebhook>[1]) {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const body = transfer({ amount: order.amount, code: order.code });
    const res = await sendWebhook(body, opts);
    return { res, u, order, body };
  }

  async function expectNothingChanged({ res, u, order, body }: Awaited<ReturnType<typeof attempt>>) {
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ status: "error", code: "unauthorized" });
    expect(await premiumInfo(u)).toMatchObject({ is_premium: 0, plan: "free" });
    expect(await history(u)).toEqual([]);
    expect((await ledger(body.id)).results).toEqual([]);
    const check = await json(await call("GET", `/payments/orders/${order.code}`, { token: u.token }));
    expect(check.data.payment_status).toBe("pending");
  }

  it("answers 401 without an Authorization header, and changes nothing", async () => {
    await expectNothingChanged(await attempt({ secret: null }));
  });

  it("answers 401 for a wrong secret, and changes nothing", async () => {
    await expectNothingChanged(await attempt({ secret: `${WEBHOOK_SECRET}x` }));
    await expectNothingChanged(await attempt({ secret: WEBHOOK_SECRET.slice(0, -1) }));
  });

  it("answers 401 for the right secret in another scheme", async () => {
    await expectNothingChanged(await attempt({ authorization: `Bearer ${WEBHOOK_SECRET}` }));
    await expectNothingChanged(await attempt({ authorization: WEBHOOK_SECRET }));
  });

  it("refuses every call when no secret is configured", async () => {
    await expectNothingChanged(await attempt({ authorization: "Apikey ", env: { PAYMENT_WEBHOOK_SECRET: "" } }));
    await expectNothingChanged(await attempt({ secret: WEBHOOK_SECRET, env: { PAYMENT_WEBHOOK_SECRET: undefined } }));
  });

  it("is not reachable with a user's session instead of the secret", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const res = await call("POST", "/payments/webhook", {
      token: u.token,
      body: transfer({ amount: order.amount, code: order.code }),
    });
    expect(res.status).toBe(401);
    expect(await premiumInfo(u)).toMatchObject({ plan: "free" });
  });

  it("accepts the scheme name in any case, as SePay's header is 'Apikey'", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const res = await sendWebhook(transfer({ amount: order.amount, code: order.code }), {
      authorization: `APIKEY ${WEBHOOK_SECRET}`,
    });
    expect(res.status).toBe(200);
    expect(await premiumInfo(u)).toMatchObject({ plan: "basic" });
  });
});

// ---- affiliate ---------------------------------------------------------------------------------------------------
const db = () => createDb(env.DB);

async function join(u: TestUser) {
  const res = await call("POST", "/auth/join-affiliate", { token: u.token });
  expect(res.status).toBe(200);
  return (await json(res)).data as { user: any; affiliate_code: string; referral_link: string };
}

async function dashboard(u: TestUser) {
  return (await json(await call("GET", "/affiliate/dashboard", { token: u.token }))).data;
}

describe("POST /auth/join-affiliate", () => {
  it("gives the user an affiliate code and a referral link, and joining again keeps the same code", async () => {
    const u = await seedUser();
    const first = await join(u);
    expect(first.affiliate_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(first.user).toMatchObject({ id: u.id, affiliate_code: first.affiliate_code });
    expect(first.referral_link).toBe(`https://may.test/affiliate/r/${first.affiliate_code}`);
    expect((await join(u)).affiliate_code).toBe(first.affiliate_code);
    const me = await json(await call("GET", "/auth/me", { token: u.token }));
    expect(me.data.user.affiliate_code).toBe(first.affiliate_code);
  });

  it("needs a signed-in user", async () => {
    expect((await call("POST", "/auth/join-affiliate")).status).toBe(401);
  });
});

describe("the referral link", () => {
  it("counts a click, sets the first-touch cookie for 30 days and opens the app", async () => {
    const aff = await seedUser();
    const { affiliate_code } = await join(aff);
    const res = await callWithEnv("GET", `/affiliate/r/${affiliate_code.toLowerCase()}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^may_ref=${affiliate_code}\\.\\d+;`));
    expect(cookie).toContain(`Max-Age=${REFERRAL_WINDOW_MS / 1000}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect((await dashboard(aff)).clicks).toBe(1);
  });

  it("keeps the first link a visitor followed: a later link counts its click but does not replace the cookie", async () => {
    const first = await seedUser();
    const second = await seedUser();
    const a = await join(first);
    const b = await join(second);
    const landing = await callWithEnv("GET", `/affiliate/r/${a.affiliate_code}`);
    const cookie = (landing.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const later = await callWithEnv("GET", `/affiliate/r/${b.affiliate_code}`, { headers: { Cookie: cookie } });
    expect(later.status).toBe(302);
    expect(later.headers.get("Set-Cookie")).toBeNull();
    expect((await dashboard(second)).clicks).toBe(1);
  });

  it("sets no cookie and counts nothing for an unknown code", async () => {
    const res = await callWithEnv("GET", "/affiliate/r/ZZZZZZZZ");
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("reads a referral cookie only within 30 days of the first click", () => {
    const now = Date.parse("2026-11-23T00:00:00Z");
    expect(parseReferralCookie(`K7Q2XD9P.${now - 29 * 86_400_000}`, now)).toBe("K7Q2XD9P");
    expect(parseReferralCookie(`K7Q2XD9P.${now - 31 * 86_400_000}`, now)).toBeNull();
    expect(parseReferralCookie(`K7Q2XD9P.${now + 60_000}`, now)).toBeNull();
    expect(parseReferralCookie("garbage", now)).toBeNull();
    expect(parseReferralCookie(undefined, now)).toBeNull();
  });
});

describe("attribution and commission", () => {
  it("attributes a signup to the referrer, first touch only, and never to the user themselves", async () => {
    const aff = await seedUser();
    const other = await seedUser();
    const { affiliate_code } = await join(aff);
    const { affiliate_code: otherCode } = await join(other);
    const newcomer = await seedUser();
    expect(await attributeSignup({ db: db(), newUserId: newcomer.id, affiliateCode: affiliate_code })).toBe(aff.id);
    expect(await attributeSignup({ db: db(), newUserId: newcomer.id, affiliateCode: otherCode })).toBeNull();
    expect(await attributeSignup({ db: db(), newUserId: aff.id, affiliateCode: affiliate_code })).toBeNull();
    expect(await attributeSignup({ db: db(), newUserId: newcomer.id, affiliateCode: "00000000" })).toBeNull();
    expect(await attributeSignup({ db: db(), newUserId: newcomer.id, affiliateCode: null })).toBeNull();
    expect((await dashboard(aff)).signups).toBe(1);
    expect((await dashboard(other)).signups).toBe(0);
  });

  it("earns the referrer the configured commission on each paid order, once per order", async () => {
    const aff = await seedUser();
    const { affiliate_code } = await join(aff);
    const buyer = await seedUser();
    await attributeSignup({ db: db(), newUserId: buyer.id, affiliateCode: affiliate_code });

    const yearly = await createOrder(buyer, "BS_1Y");
    const body = { code: yearly.order.code };
    await pay(yearly.order, body);
    const monthly = await createOrder(buyer, "AD_1T");
    await pay(monthly.order);

    const d = await dashboard(aff);
    const rate = Number(env.AFFILIATE_COMMISSION_RATE);
    expect(d).toMatchObject({
      joined: true,
      signups: 1,
      paid_referrals: 1,
      paid_orders: 2,
      commission_rate: rate,
      currency: "VND",
    });
    expect(d.earnings).toBe(Math.floor(1_428_000 * rate) + Math.floor(399_000 * rate));
    expect(d.recent_commissions.map((c: any) => c.order_amount).sort()).toEqual([1_428_000, 399_000].sort());

    // The commission was written with the upgrade: the buyer is premium and the row references the paid order.
    const { results } = await env.DB.prepare("SELECT order_id FROM affiliate_commissions WHERE referrer_id = ?")
      .bind(aff.id)
      .all();
    expect(results.map((r: any) => r.order_id).sort()).toEqual([yearly.order.id, monthly.order.id].sort());
  });

  it("pays no commission twice when the bank delivers the transfer again", async () => {
    const aff = await seedUser();
    const { affiliate_code } = await join(aff);
    const buyer = await seedUser();
    await attributeSignup({ db: db(), newUserId: buyer.id, affiliateCode: affiliate_code });
    const { order } = await createOrder(buyer, "BS_1T");
    const id = 77_000_000 + Math.floor(Math.random() * 1_000_000);
    for (let i = 0; i < 3; i++) await pay(order, { id });
    expect((await dashboard(aff)).paid_orders).toBe(1);
  });

  it("uses the rate in configuration", async () => {
    const aff = await seedUser();
    const { affiliate_code } = await join(aff);
    const buyer = await seedUser();
    await attributeSignup({ db: db(), newUserId: buyer.id, affiliateCode: affiliate_code });
    const { order } = await createOrder(buyer, "BS_1T");
    await sendWebhook(transfer({ amount: order.amount, code: order.code }), {
      env: { AFFILIATE_COMMISSION_RATE: "0.1" },
    });
    expect((await dashboard(aff)).earnings).toBe(14_900);
  });

  it("shows a user who has not joined an empty dashboard", async () => {
    const u = await seedUser();
    expect(await dashboard(u)).toMatchObject({
      joined: false,
      affiliate_code: null,
      clicks: 0,
      signups: 0,
      earnings: 0,
    });
  });
});

describe("GET /affiliate/faq", () => {
  it("has every question in all four languages", () => {
    for (const e of FAQ_ENTRIES)
      for (const l of FAQ_LANGUAGES) expect(e.text[l].q && e.text[l].a, `${e.id} ${l}`).toBeTruthy();
  });

  it("serves categories and questions in the asked language", async () => {
    const { data } = await json(await call("GET", "/affiliate/faq?lang=ru"));
    expect(data.total).toBe(FAQ_ENTRIES.length);
    expect(data.categories.map((c: any) => c.name)).toContain("Комиссии");
    expect(data.questions.find((q: any) => q.id === "how-join").question).toBe("Как присоединиться?");
  });

  it("searches without caring for case or Vietnamese accents, and filters by category", async () => {
    const search = await json(await call("GET", `/affiliate/faq?lang=vi&q=${encodeURIComponent("HOA HONG")}`));
    expect(search.data.questions.length).toBeGreaterThan(0);
    for (const q of search.data.questions) expect(`${q.question} ${q.answer}`.toLowerCase()).toContain("hoa hồng");
    const cat = await json(await call("GET", "/affiliate/faq?lang=en&category=payouts"));
    expect(cat.data.questions.map((q: any) => q.id).sort()).toEqual(["payout-method", "when-paid"]);
    const none = await json(await call("GET", "/affiliate/faq?lang=en&q=zzzz"));
    expect(none.data).toMatchObject({ total: 0, questions: [] });
  });

  it("sorts alphabetically, by recent edits, and by popularity once questions are opened", async () => {
    const alpha = (await json(await call("GET", "/affiliate/faq?lang=en&sort=alphabetical"))).data.questions.map(
      (q: any) => q.question,
    );
    expect(alpha).toEqual([...alpha].sort((a: string, b: string) => a.localeCompare(b, "en")));
    const recent = (await json(await call("GET", "/affiliate/faq?lang=en&sort=recent"))).data.questions.map(
      (q: any) => q.updated_at,
    );
    expect(recent).toEqual([...recent].sort().reverse());

    for (let i = 0; i < 3; i++) expect((await call("GET", "/affiliate/faq/payout-method?lang=en")).status).toBe(200);
    const popular = (await json(await call("GET", "/affiliate/faq?lang=en&sort=popular"))).data.questions;
    expect(popular[0]).toMatchObject({ id: "payout-method", views: 3 });
  });

  it("answers one question with its related questions, and 404 for an unknown one", async () => {
    const { data } = await json(await call("GET", "/affiliate/faq/how-much?lang=zh"));
    expect(data.question).toMatchObject({ id: "how-much", question: "我能获得多少佣金？" });
    expect(data.related.map((r: any) => r.id)).toEqual(["which-orders", "when-paid"]);
    expect((await call("GET", "/affiliate/faq/nope")).status).toBe(404);
  });

  it("answers 400 for an unknown sort, language or category", async () => {
    expect((await call("GET", "/affiliate/faq?sort=random")).status).toBe(400);
    expect((await call("GET", "/affiliate/faq?lang=fr")).status).toBe(400);
    expect((await call("GET", "/affiliate/faq?category=nope")).status).toBe(400);
  });
});

describe("affiliate answers match the protocol the SPA reads (worker/protocol/payments.ts)", () => {
  it("validates join, dashboard and FAQ answers", async () => {
    const check = async (schema: v.GenericSchema, res: Response) => {
      const result = v.safeParse(schema, await json(res));
      expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`)).toBeUndefined();
    };
    const aff = await seedUser();
    await check(AffiliateDashboardBodySchema, await call("GET", "/affiliate/dashboard", { token: aff.token }));
    const joined = await call("POST", "/auth/join-affiliate", { token: aff.token });
    const { affiliate_code } = (await json(joined.clone())).data;
    await check(JoinAffiliateBodySchema, joined);
    const buyer = await seedUser();
    await attributeSignup({ db: db(), newUserId: buyer.id, affiliateCode: affiliate_code });
    await pay((await createOrder(buyer, "BS_1T")).order);
    await check(AffiliateDashboardBodySchema, await call("GET", "/affiliate/dashboard", { token: aff.token }));
    await check(FaqListBodySchema, await call("GET", "/affiliate/faq?lang=vi&sort=recent"));
    await check(FaqEntryBodySchema, await call("GET", "/affiliate/faq/what-is?lang=vi"));
  });
});

describe("signing up through a referral link", () => {
  it("attributes the new account to the referrer (the link's first-touch cookie reaches /auth/register)", async () => {
    const referrer = await seedUser();
    const { affiliate_code: code } = await join(referrer);
    const click = await call("GET", `/affiliate/r/${code}`, { redirect: "manual" });
    const cookie = click.headers.get("Set-Cookie")!.split(";")[0]!;
    const res = await call("POST", "/auth/register", {
      body: { name: "Referred", email: `referred-${crypto.randomUUID()}@example.com`, password: "a good password" },
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(201);
    expect(await dashboard(referrer)).toMatchObject({ clicks: 1, signups: 1 });
  });

  it("attributes nothing without the cookie", async () => {
    const referrer = await seedUser();
    await join(referrer);
    await seedUser();
    expect(await dashboard(referrer)).toMatchObject({ signups: 0 });
  });
});

// ---- payments ----------------------------------------------------------------------------------------------------
const DAY = 24 * 60 * 60 * 1000;

describe("GET /payments/packages", () => {
  it("lists the four packages with their VND amounts and the displayed prices per currency", async () => {
    const res = await call("GET", "/payments/packages");
    expect(res.status).toBe(200);
    const { status, data } = await json(res);
    expect(status).toBe("success");
    expect(Object.fromEntries(data.packages.map((p: any) => [p.type, [p.amount, p.months, p.level]]))).toEqual({
      BS_1T: [149_000, 1, 1],
      BS_1Y: [1_428_000, 12, 1],
      AD_1T: [399_000, 1, 2],
      AD_1Y: [3_828_000, 12, 2],
    });
    expect(data.display_prices.VND).toEqual({
      basic: { monthly: 149_000, yearly: 119_000 },
      advanced: { monthly: 399_000, yearly: 319_000 },
    });
    expect(data.display_prices.USD).toEqual({
      basic: { monthly: 6, yearly: 4.5 },
      advanced: { monthly: 16, yearly: 12.5 },
    });
    expect(data.display_prices.RUB).toEqual({
      basic: { monthly: 450, yearly: 350 },
      advanced: { monthly: 1200, yearly: 950 },
    });
    expect(data.currency_by_language).toMatchObject({ vi: "VND", ru: "RUB" });
    expect(data.yearly_discount_percent).toBe(20);
  });
});

describe("POST /payments/create", () => {
  it("makes an order with a typable code, the package's amount (not the client's) and a VietQR payload for it", async () => {
    const u = await seedUser();
    const res = await call("POST", "/payments/create", { token: u.token, body: { packageType: "BS_1Y", amount: 1 } });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data.order).toMatchObject({
      package_type: "BS_1Y",
      amount: 1_428_000,
      currency: "VND",
      status: "pending",
      paid_at: null,
    });
    expect(data.order.code).toMatch(/^MAY[0-9A-HJKMNP-TV-Z]{8}$/);
    const ttl = Date.parse(data.order.expires_at) - Date.parse(data.order.created_at);
    expect(ttl).toBe(15 * 60 * 1000);
    expect(data.payment).toMatchObject({
      bank_bin: env.BANK_BIN,
      account_number: env.BANK_ACCOUNT_NUMBER,
      account_name: env.BANK_ACCOUNT_NAME,
      amount: 1_428_000,
      memo: data.order.code,
    });
    const top = Object.fromEntries(parseTlv(data.payment.qr_payload));
    expect(top["54"]).toBe("1428000");
    expect(Object.fromEntries(parseTlv(top["62"]!))["08"]).toBe(data.order.code);
    const merchant = Object.fromEntries(parseTlv(top["38"]!));
    expect(Object.fromEntries(parseTlv(merchant["01"]!))).toEqual({
      "00": env.BANK_BIN,
      "01": env.BANK_ACCOUNT_NUMBER,
    });
    expect(hasValidCrc(data.payment.qr_payload)).toBe(true);
  });

  it("gives every order its own code", async () => {
    const u = await seedUser();
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await createOrder(u, "BS_1T")).order.code);
    expect(codes.size).toBe(5);
  });

  it("refuses an unknown package with a 400 naming the field, and an anonymous caller with a 401", async () => {
    const u = await seedUser();
    const bad = await call("POST", "/payments/create", { token: u.token, body: { packageType: "GOLD" } });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ status: "error", code: "invalid_input", field: "packageType" });
    expect((await call("POST", "/payments/create", { body: { packageType: "BS_1T" } })).status).toBe(401);
  });
});

describe("the bank webhook pays an order", () => {
  it("upgrades the buyer for one calendar month, writes one history row and answers SePay's success", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const before = Date.now();
    const res = await sendWebhook(transfer({ amount: 149_000, code: order.code }));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      success: true,
      status: "success",
      data: { outcome: "applied", order_code: order.code },
    });

    const info = await premiumInfo(u);
    expect(info).toMatchObject({ is_premium: 1, plan: "basic", active: true });
    const start = Date.parse(info.premium_start);
    expect(start).toBeGreaterThanOrEqual(before);
    expect(Date.parse(info.premium_end)).toBe(addCalendarMonths(start, 1));

    const rows = await history(u);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      plan: "BS_1T",
      price: 149_000,
      status: "active",
      method: "bank_transfer",
      start_date: info.premium_start,
      end_date: info.premium_end,
    });
    expect(rows[0].transaction_id).toBeTruthy();

    const me = await json(await call("GET", "/auth/me", { token: u.token }));
    expect(me.data.user).toMatchObject({ is_premium: 1, plan: "basic" });
  });

  it("finds the code in the memo text, whatever the bank did to its case and spacing", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "AD_1T");
    const spaced = `${order.code.slice(0, 5)} ${order.code.slice(5)}`.toLowerCase();
    const result = await pay(order, { code: null, content: `IBFT ${spaced} thanh toan` });
    expect(result.outcome).toBe("applied");
    expect(await premiumInfo(u)).toMatchObject({ is_premium: 2, plan: "advanced" });
  });

  it("pushes plan_changed to the buyer's open sockets", async () => {
    const u = await seedUser();
    const sock = await openSocket(u.token);
    sock.send({ type: "authenticate", userId: u.id });
    await sock.next("authenticated");
    const { order } = await createOrder(u, "AD_1Y");
    await pay(order);
    expect(await sock.next("plan_changed")).toMatchObject({ plan: "advanced", is_premium: 2 });
    sock.ws.close();
  });

  it("applies a transaction replayed 10 times once: one upgrade, one history row, one ledger row", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const body = transfer({ amount: order.amount, code: order.code });
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) outcomes.push((await json(await sendWebhook(body))).data.outcome);
    expect(outcomes).toEqual(["applied", ...Array(9).fill("duplicate")]);
    expect(await history(u)).toHaveLength(1);
    const info = await premiumInfo(u);
    expect(Date.parse(info.premium_end)).toBe(addCalendarMonths(Date.parse(info.premium_start), 1));
    expect((await ledger(body.id)).results).toHaveLength(1);
  });

  it("applies concurrent duplicate deliveries of one transaction once", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1Y");
    const body = transfer({ amount: order.amount, code: order.code });
    const results = await Promise.all(Array.from({ length: 8 }, () => sendWebhook(body).then((r) => json(r))));
    expect(results.filter((r) => r.data.outcome === "applied")).toHaveLength(1);
    expect(results.every((r) => r.success === true)).toBe(true);
    expect(await history(u)).toHaveLength(1);
    const info = await premiumInfo(u);
    expect(Date.parse(info.premium_end)).toBe(addCalendarMonths(Date.parse(info.premium_start), 12));
  });

  it("keeps a second transfer for an already paid order for review and does not extend premium again", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    await pay(order);
    const end = (await premiumInfo(u)).premium_end;
    const second = transfer({ amount: order.amount, code: order.code });
    expect((await json(await sendWebhook(second))).data).toMatchObject({
      outcome: "review",
      reason: "order_not_pending",
    });
    expect((await premiumInfo(u)).premium_end).toBe(end);
    expect(await history(u)).toHaveLength(1);
    expect((await ledger(second.id)).results[0]).toMatchObject({
      outcome: "review",
      review_reason: "order_not_pending",
    });
  });

  it("changes nothing for a wrong amount and keeps the transfer for review", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "AD_1Y");
    const body = transfer({ amount: order.amount - 1000, code: order.code });
    expect((await json(await sendWebhook(body))).data).toMatchObject({ outcome: "review", reason: "amount_mismatch" });
    expect(await premiumInfo(u)).toMatchObject({ is_premium: 0, plan: "free", active: false });
    expect(await history(u)).toHaveLength(0);
    const check = await json(await call("GET", `/payments/orders/${order.code}`, { token: u.token }));
    expect(check.data.payment_status).toBe("pending");
    expect((await ledger(body.id)).results[0]).toMatchObject({
      outcome: "review",
      review_reason: "amount_mismatch",
      transfer_amount: order.amount - 1000,
    });
  });

  it("keeps transfers with an unknown code or no code for review, and ignores money going out", async () => {
    const unknown = transfer({ amount: 149_000, code: "MAY00000000" });
    expect((await json(await sendWebhook(unknown))).data).toMatchObject({
      outcome: "review",
      reason: "unknown_order_code",
    });
    const none = transfer({ amount: 149_000, code: null, content: "tien an trua" });
    expect((await json(await sendWebhook(none))).data).toMatchObject({ outcome: "review", reason: "no_order_code" });
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const out = transfer({ amount: order.amount, code: order.code, transferType: "out" });
    expect((await json(await sendWebhook(out))).data).toMatchObject({ outcome: "ignored" });
    expect(await premiumInfo(u)).toMatchObject({ plan: "free" });
    expect((await ledger(unknown.id)).results[0]).toMatchObject({
      outcome: "review",
      review_reason: "unknown_order_code",
    });
  });

  it("keeps a transfer to another account for review", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const body = transfer({ amount: order.amount, code: order.code, accountNumber: "999999999" });
    expect((await json(await sendWebhook(body))).data).toMatchObject({ outcome: "review", reason: "account_mismatch" });
    expect(await premiumInfo(u)).toMatchObject({ plan: "free" });
  });

  it("answers 400 for a body that is not a SePay transaction, and changes nothing", async () => {
    const res = await sendWebhook({ id: 1, transferType: "sideways", transferAmount: 10 });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: "invalid_input", field: "transferType" });
    expect((await sendWebhook("not json")).status).toBe(400);
  });
});

describe("premium in time", () => {
  it("starts a renewal bought while premium runs at premium_end, so no day is lost", async () => {
    const u = await seedUser();
    const first = await createOrder(u, "BS_1T");
    await pay(first.order);
    const running = await premiumInfo(u);
    const second = await createOrder(u, "BS_1Y");
    await pay(second.order);
    const after = await premiumInfo(u);
    expect(after.premium_start).toBe(running.premium_start);
    expect(Date.parse(after.premium_end)).toBe(addCalendarMonths(Date.parse(running.premium_end), 12));
    const rows = await history(u);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      plan: "BS_1Y",
      start_date: running.premium_end,
      end_date: after.premium_end,
      status: "scheduled",
    });
    expect(rows[1]).toMatchObject({ plan: "BS_1T", end_date: running.premium_end, status: "active" });
  });

  it("applies two orders paid at the same moment one after the other (no lost month)", async () => {
    const u = await seedUser();
    const a = await createOrder(u, "BS_1T");
    const b = await createOrder(u, "BS_1T");
    const results = await Promise.all([pay(a.order), pay(b.order)]);
    expect(results.map((r) => r.outcome)).toEqual(["applied", "applied"]);
    const info = await premiumInfo(u);
    expect(Date.parse(info.premium_end)).toBe(
      addCalendarMonths(addCalendarMonths(Date.parse(info.premium_start), 1), 1),
    );
    expect(await history(u)).toHaveLength(2);
  });

  it("starts from now again once premium has ended, and the plan falls back to free at the end", async () => {
    const u = await seedUser();
    await env.DB.prepare("UPDATE users SET is_premium = 2, premium_start = ?, premium_end = ? WHERE id = ?")
      .bind(Date.now() - 40 * DAY, Date.now() - DAY, u.id)
      .run();
    await (await userHub(env, u.id)).userChanged();
    expect(await premiumInfo(u)).toMatchObject({ is_premium: 2, plan: "free", active: false, days_left: 0 });
    const me = await json(await call("GET", "/auth/me", { token: u.token }));
    expect(me.data.user.plan).toBe("free");

    const before = Date.now();
    const { order } = await createOrder(u, "BS_1T");
    await pay(order);
    const info = await premiumInfo(u);
    expect(info).toMatchObject({ is_premium: 1, plan: "basic", active: true });
    expect(Date.parse(info.premium_start)).toBeGreaterThanOrEqual(before);
  });

  it("unlocks premium models and Basic quotas on payment, and falls back to Free limits when premium ends", async () => {
    const u = await seedUser();
    const models = async () => (await json(await call("GET", "/api/models", { token: u.token }))).data;
    const entry = (d: any, endpoint: string) => d.models.find((m: any) => m.endpoint === endpoint);
    const free = await models();
    expect(free.plan).toBe("free");
    expect(entry(free, "gpt-4.1")).toMatchObject({ allowed: false, total: 0 });

    await pay((await createOrder(u, "BS_1T")).order);
    const basic = await models();
    expect(basic.plan).toBe("basic");
    expect(entry(basic, "gpt-4.1")).toMatchObject({ allowed: true, total: 200 });
    expect(entry(basic, "gpt-4.1-mini").total).toBe(1000);

    // a month and a day later: the paid month is over
    await shiftPaidTime(u.id, 32 * DAY);
    await (await userHub(env, u.id)).userChanged();
    const ended = await models();
    expect(ended.plan).toBe("free");
    expect(entry(ended, "gpt-4.1")).toMatchObject({ allowed: false, total: 0 });
    expect(entry(ended, "gpt-4.1-mini").total).toBe(50);
    expect(await premiumInfo(u)).toMatchObject({ is_premium: 0, plan: "free", active: false, days_left: 0 });
  });

  it("lists history rows as expired once their period has ended", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    await pay(order);
    await shiftPaidTime(u.id, 40 * DAY);
    expect((await history(u))[0].status).toBe("expired");
    await env.DB.prepare("UPDATE subscriptions SET status = 'cancelled' WHERE user_id = ?").bind(u.id).run();
    expect((await history(u))[0].status).toBe("cancelled");
  });
});

describe("paid time as a queue of periods (through the real webhook)", () => {
  const me = async (u: { token: string }) => (await json(await call("GET", "/auth/me", { token: u.token }))).data.user;
  const models = async (u: { token: string }) =>
    (await json(await call("GET", "/api/models", { token: u.token }))).data;
  const total = (d: any, endpoint: string) => d.models.find((m: any) => m.endpoint === endpoint).total;

  it("high → low: Basic bought during Advanced+ waits for it; the Advanced+ month is delivered, then Basic", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "AD_1T")).order);
    const advanced = await premiumInfo(u);
    const adEnd = Date.parse(advanced.premium_end);
    await pay((await createOrder(u, "BS_1T")).order);

    // still Advanced+ now, with its quotas; paid time runs to the end of the Basic month that follows
    expect(await me(u)).toMatchObject({ is_premium: 2, plan: "advanced", premium_active: true });
    const info = await premiumInfo(u);
    expect(info).toMatchObject({
      is_premium: 2,
      plan: "advanced",
      active: true,
      premium_start: advanced.premium_start,
    });
    expect(info).toMatchObject({ next_plan: "basic", next_plan_at: advanced.premium_end });
    expect(Date.parse(info.premium_end)).toBe(addCalendarMonths(adEnd, 1));
    expect(total(await models(u), "gpt-4.1")).toBe(600);
    const rows = await history(u);
    expect(rows.map((r) => [r.plan, r.status, r.resumed])).toEqual([
      ["BS_1T", "scheduled", false],
      ["AD_1T", "active", false],
    ]);
    expect(rows[0]).toMatchObject({ start_date: advanced.premium_end, end_date: info.premium_end });

    // the Advanced+ month has passed: Basic is in force until its own month ends
    await shiftPaidTime(u.id, adEnd - Date.now() + 60_000);
    await (await userHub(env, u.id)).userChanged();
    expect(await me(u)).toMatchObject({ is_premium: 1, plan: "basic" });
    expect(await premiumInfo(u)).toMatchObject({
      is_premium: 1,
      plan: "basic",
      active: true,
      next_plan: null,
      next_plan_at: null,
    });
    expect(total(await models(u), "gpt-4.1")).toBe(200);
    expect((await history(u)).map((r) => [r.plan, r.status])).toEqual([
      ["BS_1T", "active"],
      ["AD_1T", "expired"],
    ]);
  });

  it("low → high: Advanced+ starts now and Basic's unused time resumes after it, to the millisecond", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "BS_1T")).order);
    const basic = await premiumInfo(u);
    await shiftPaidTime(u.id, 10 * DAY); // Basic has run 10 days
    await (await userHub(env, u.id)).userChanged();
    const basicEnd = Date.parse(basic.premium_end) - 10 * DAY;

    const before = Date.now();
    await pay((await createOrder(u, "AD_1T")).order);
    const after = Date.now();
    expect(await me(u)).toMatchObject({ is_premium: 2, plan: "advanced" });
    expect(total(await models(u), "gpt-4.1")).toBe(600);

    const [used, advanced, rest] = await periodsOf(u.id);
    expect(advanced).toMatchObject({ level: 2 });
    expect(advanced.start_at).toBeGreaterThanOrEqual(before);
    expect(advanced.start_at).toBeLessThanOrEqual(after);
    expect(advanced.end_at).toBe(addCalendarMonths(advanced.start_at, 1));
    expect(used).toMatchObject({ level: 1, end_at: advanced.start_at });
    expect(rest).toMatchObject({ level: 1, subscription_id: used.subscription_id, start_at: advanced.end_at });
    // what Basic had left when Advanced+ began, not a day lost
    expect(rest.end_at - rest.start_at).toBe(basicEnd - advanced.start_at);

    const info = await premiumInfo(u);
    expect(info).toMatchObject({
      is_premium: 2,
      plan: "advanced",
      premium_start: new Date(Date.parse(basic.premium_start) - 10 * DAY).toISOString(),
    });
    expect(Date.parse(info.premium_end)).toBe(rest.end_at);
    expect(info).toMatchObject({ next_plan: "basic", next_plan_at: new Date(advanced.end_at).toISOString() });
    const rows = await history(u);
    expect(rows.map((r) => [r.plan, r.status, r.resumed])).toEqual([
      ["BS_1T", "scheduled", true],
      ["AD_1T", "active", false],
      ["BS_1T", "expired", false],
    ]);
    // the Basic purchase's record spans both of its parts
    const { results } = await env.DB.prepare(
      "SELECT start_date, end_date FROM subscriptions WHERE user_id = ? AND plan = 'BS_1T'",
    )
      .bind(u.id)
      .all<any>();
    expect(results[0]).toEqual({ start_date: used.start_at, end_date: rest.end_at });
  });

  it("low → high → low: a second Basic month queues after Basic's resumed days", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "BS_1T")).order);
    await pay((await createOrder(u, "AD_1T")).order);
    await pay((await createOrder(u, "BS_1T")).order);
    const periods = await periodsOf(u.id);
    expect(periods.map((p) => p.level)).toEqual([1, 2, 1, 1]);
    for (let i = 1; i < periods.length; i++) expect(periods[i].start_at).toBe(periods[i - 1].end_at);
    expect(periods[3].end_at).toBe(addCalendarMonths(periods[3].start_at, 1));
    expect(await premiumInfo(u)).toMatchObject({
      is_premium: 2,
      plan: "advanced",
      premium_end: new Date(periods[3].end_at).toISOString(),
    });
    expect((await history(u)).map((r) => r.status)).toEqual(["scheduled", "scheduled", "active", "expired"]);
  });

  it("Advanced+ yearly over Basic monthly: the year is in force now, Basic's month resumes after it", async () => {
    const u = await seedUser();
    await pay((await createOrder(u, "BS_1T")).order);
    await pay((await createOrder(u, "AD_1Y")).order);
    const [, year, rest] = await periodsOf(u.id);
    expect(year.end_at).toBe(addCalendarMonths(year.start_at, 12));
    expect(rest.start_at).toBe(year.end_at);
    expect(await me(u)).toMatchObject({
      is_premium: 2,
      plan: "advanced",
      premium_end: new Date(rest.end_at).toISOString(),
    });
  });
});

describe("POST /payments/verify", () => {
  it("starts an order on the first call, answers the same order after, and paid once the transfer arrived", async () => {
    const u = await seedUser();
    const body = { userId: u.id, packageType: "AD_1T", amount: 399_000 };
    const first = await call("POST", "/payments/verify", { token: u.token, body });
    expect(first.status).toBe(201);
    const started = (await json(first)).data;
    expect(started).toMatchObject({ payment_status: "pending", order: { package_type: "AD_1T", amount: 399_000 } });
    expect(started.payment.qr_payload).toContain(started.order.code);

    const again = await json(await call("POST", "/payments/verify", { token: u.token, body }));
    expect(again.data.order.code).toBe(started.order.code);

    await pay(started.order);
    const paid = await call("POST", "/payments/verify", {
      token: u.token,
      body: { ...body, orderCode: started.order.code },
    });
    expect(paid.status).toBe(200);
    expect((await json(paid)).data).toMatchObject({
      payment_status: "paid",
      payment: null,
      premium: { is_premium: 2, plan: "advanced" },
    });
  });

  it("refuses an amount that is not the package's price", async () => {
    const u = await seedUser();
    const res = await call("POST", "/payments/verify", {
      token: u.token,
      body: { userId: u.id, packageType: "BS_1T", amount: 1000 },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ code: "amount_mismatch", field: "amount", expected: 149_000 });
  });

  it("answers 404 for a code that is no order", async () => {
    const u = await seedUser();
    const res = await call("POST", "/payments/verify", {
      token: u.token,
      body: { packageType: "BS_1T", amount: 149_000, orderCode: "MAY00000000" },
    });
    expect(res.status).toBe(404);
  });
});

describe("GET /payments/orders", () => {
  it("lists the user's orders newest first with their status", async () => {
    const u = await seedUser();
    const a = await createOrder(u, "BS_1T");
    const b = await createOrder(u, "AD_1T");
    await pay(a.order);
    const { data } = await json(await call("GET", "/payments/orders", { token: u.token }));
    expect(data.orders.map((o: any) => [o.code, o.status])).toEqual([
      [b.order.code, "pending"],
      [a.order.code, "paid"],
    ]);
  });

  it("shows an order whose QR is no longer offered as expired", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    await env.DB.prepare("UPDATE payment_orders SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, order.id)
      .run();
    const { data } = await json(await call("GET", `/payments/orders/${order.code}`, { token: u.token }));
    expect(data).toMatchObject({ payment_status: "expired", payment: null });
  });
});

describe("answers match the protocol the SPA reads (worker/protocol/payments.ts)", () => {
  it("validates packages, order, verify, orders, premium info and history answers", async () => {
    const u = await seedUser();
    const check = async (schema: v.GenericSchema, res: Response) => {
      const result = v.safeParse(schema, await json(res));
      expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`)).toBeUndefined();
    };
    await check(PackagesBodySchema, await call("GET", "/payments/packages"));
    const created = await call("POST", "/payments/create", { token: u.token, body: { packageType: "AD_1Y" } });
    const body = await json(created.clone());
    await check(CreateOrderBodySchema, created);
    await check(
      PaymentCheckBodySchema,
      await call("GET", `/payments/orders/${body.data.order.code}`, { token: u.token }),
    );
    await pay(body.data.order);
    await check(
      PaymentCheckBodySchema,
      await call("POST", "/payments/verify", {
        token: u.token,
        body: { packageType: "AD_1Y", amount: 3_828_000, orderCode: body.data.order.code },
      }),
    );
    await check(OrdersBodySchema, await call("GET", "/payments/orders", { token: u.token }));
    await check(PremiumInfoBodySchema, await call("GET", "/auth/premium-info", { token: u.token }));
    await check(SubscriptionHistoryBodySchema, await call("GET", "/auth/subscription-history", { token: u.token }));
  });
});

describe("a transaction left half-way", () => {
  it("is settled by the bank's next delivery: paid if it still matches, kept for review if not", async () => {
    const u = await seedUser();
    const { order } = await createOrder(u, "BS_1T");
    const body = transfer({ amount: order.amount, code: order.code });
    // An attempt that claimed the transaction and stopped before its batch (e.g. the isolate died).
    await env.DB.prepare(
      "INSERT INTO bank_transactions (id, transfer_type, transfer_amount, outcome, apply_id) VALUES (?, 'in', ?, 'received', 'gone')",
    )
      .bind(String(body.id), order.amount)
      .run();
    expect((await json(await sendWebhook(body))).data.outcome).toBe("applied");
    expect((await ledger(body.id)).results[0]).toMatchObject({ outcome: "applied", order_id: order.id });

    const stray = transfer({ amount: 5000, code: "MAY00000000" });
    await env.DB.prepare(
      "INSERT INTO bank_transactions (id, transfer_type, transfer_amount, outcome, apply_id) VALUES (?, 'in', 5000, 'received', 'gone')",
    )
      .bind(String(stray.id))
      .run();
    expect((await json(await sendWebhook(stray))).data).toMatchObject({
      outcome: "review",
      reason: "unknown_order_code",
    });
    expect((await ledger(stray.id)).results[0]).toMatchObject({
      outcome: "review",
      review_reason: "unknown_order_code",
    });
  });
});
