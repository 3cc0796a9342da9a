import { env } from "cloudflare:workers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FAQ_ENTRIES, FAQ_LANGUAGES } from "../../../worker/affiliate/faq-content";
import { parseReferralCookie, REFERRAL_WINDOW_MS } from "../../../worker/affiliate/referral";
import { createDb } from "../../../worker/db/client";
import { attributeSignup } from "../../../worker/db/affiliate";
import {
  AffiliateDashboardBodySchema,
  FaqEntryBodySchema,
  FaqListBodySchema,
  JoinAffiliateBodySchema,
} from "../../../worker/protocol/payments";
import { call, json, seedUser, type TestUser } from "../../support/api";
import { callWithEnv, createOrder, pay, sendWebhook, transfer } from "../payments/helpers";

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

describe("answers match the protocol the SPA reads (worker/protocol/payments.ts)", () => {
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
