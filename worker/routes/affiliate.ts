// The affiliate programme (beta). /affiliate: the referral link's landing (counts a click, sets the first-touch
// cookie, goes to the app), the affiliate's dashboard, and the FAQ with search and sorting. /auth/join-affiliate
// (the path clients call) joins it; it is a separate sub-app mounted at /auth next to the other /auth routes.
import { Hono } from "hono";
import * as v from "valibot";
import { faqEntry, FAQ_SORTS, publicFaqEntry, searchFaq } from "../affiliate/faq";
import { FAQ_CATEGORIES, FAQ_LANGUAGES } from "../affiliate/faq-content";
import { newAffiliateCode, normalizeAffiliateCode, referralLink, setReferralCookie } from "../affiliate/referral";
import { requireAuth } from "../http/auth-middleware";
import {
  affiliateStats,
  faqViewCounts,
  findAffiliate,
  joinAffiliate,
  recordClick,
  recordFaqView,
} from "../db/affiliate";
import { publicUser } from "../db/users";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { isoOrNull } from "../lib/time";
import { valid } from "../lib/validate";
import { commissionRateBps } from "../payments/config";
import type { AffiliateDashboardBody, FaqEntryBody, FaqListBody, JoinAffiliateBody } from "../protocol/payments";

/** Latest commissions listed on the dashboard. */
const RECENT_COMMISSIONS = 20;

const CodeParam = v.object({ code: v.pipe(v.string(), v.maxLength(64)) });
/** ?to=register opens the sign-up form rather than the app's front page (a shared chat's "sign up" link). */
const ReferralQuery = v.object({ to: v.optional(v.picklist(["register"])) });

const FaqQuery = v.object({
  lang: v.optional(v.picklist(FAQ_LANGUAGES, `lang must be one of ${FAQ_LANGUAGES.join(", ")}`), "en"),
  q: v.optional(v.pipe(v.string(), v.maxLength(200, "q must be at most 200 characters"))),
  category: v.optional(
    v.picklist(
      FAQ_CATEGORIES.map((c) => c.id),
      "unknown category",
    ),
  ),
  sort: v.optional(v.picklist(FAQ_SORTS, `sort must be one of ${FAQ_SORTS.join(", ")}`), "popular"),
});

const FaqIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
const FaqLangQuery = v.object({ lang: FaqQuery.entries.lang });

function origin(url: string): string {
  return new URL(url).origin;
}

export const affiliateRoutes = new Hono<AppEnv>()
  /** The referral link: counts the click, keeps the first-touch cookie for 30 days and opens the app. */
  .get("/r/:code", valid("param", CodeParam), valid("query", ReferralQuery), async (c) => {
    const referrer = await findAffiliate({ db: c.var.db, code: c.req.valid("param").code });
    if (referrer?.affiliateCode) {
      await recordClick({ db: c.var.db, referrerId: referrer.id, now: Date.now() });
      setReferralCookie(c, referrer.affiliateCode);
    }
    return c.redirect(c.req.valid("query").to === "register" ? "/register" : "/", 302);
  })
  .get("/dashboard", requireAuth, async (c) => {
    const user = c.var.user;
    const rateBps = commissionRateBps(c.env);
    if (!user.affiliateCode) {
      return c.json(
        {
          status: "success",
          data: {
            joined: false,
            affiliate_code: null,
            referral_link: null,
            commission_rate: rateBps / 10_000,
            clicks: 0,
            signups: 0,
            paid_referrals: 0,
            paid_orders: 0,
            earnings: 0,
            pending_earnings: 0,
            currency: "VND",
            recent_commissions: [],
          },
        } satisfies AffiliateDashboardBody,
        200,
      );
    }
    const s = await affiliateStats({ db: c.var.db, userId: user.id, recentLimit: RECENT_COMMISSIONS });
    return c.json(
      {
        status: "success",
        data: {
          joined: true,
          affiliate_code: user.affiliateCode,
          referral_link: referralLink(origin(c.req.url), user.affiliateCode),
          commission_rate: rateBps / 10_000,
          clicks: s.clicks,
          signups: s.signups,
          paid_referrals: s.paidReferrals,
          paid_orders: s.paidOrders,
          earnings: s.earnings,
          pending_earnings: s.pendingEarnings,
          currency: "VND",
          recent_commissions: s.recent.map((r) => ({
            order_amount: r.orderAmount,
            commission: r.commission,
            rate: r.rateBps / 10_000,
            status: r.status,
            created_at: isoOrNull(r.createdAt),
          })),
        },
      } satisfies AffiliateDashboardBody,
      200,
    );
  })
  .get("/faq", valid("query", FaqQuery), async (c) => {
    const query = c.req.valid("query");
    const views = await faqViewCounts({ db: c.var.db });
    return c.json(
      {
        status: "success",
        data: { lang: query.lang, sort: query.sort, ...searchFaq({ ...query, views }) },
      } satisfies FaqListBody,
      200,
    );
  })
  /** One question (counted as a view, which feeds the popular sort) with its related questions. */
  .get("/faq/:id", valid("param", FaqIdParam), valid("query", FaqLangQuery), async (c) => {
    const entry = faqEntry(c.req.valid("param").id);
    if (!entry) throw new AppError("not_found", "Question not found");
    const { lang } = c.req.valid("query");
    await recordFaqView({ db: c.var.db, questionId: entry.id });
    const views = await faqViewCounts({ db: c.var.db });
    const related = entry.related.flatMap((id) => {
      const r = faqEntry(id);
      return r ? [{ id: r.id, category: r.category, question: r.text[lang].q }] : [];
    });
    return c.json(
      {
        status: "success",
        data: { question: publicFaqEntry(entry, lang, views.get(entry.id) ?? 0), related },
      } satisfies FaqEntryBody,
      200,
    );
  });

export const affiliateAuthRoutes = new Hono<AppEnv>()
  /** Joins the programme: the user gets an affiliate code (joining again answers the same code). */
  .post("/join-affiliate", requireAuth, async (c) => {
    const user = await joinAffiliate({
      db: c.var.db,
      owner: c.var.hub,
      userId: c.var.user.id,
      newCode: newAffiliateCode,
    });
    if (!user?.affiliateCode) throw new AppError("not_found", "User not found");
    const code = normalizeAffiliateCode(user.affiliateCode) ?? user.affiliateCode;
    return c.json(
      {
        status: "success",
        data: { user: publicUser(user), affiliate_code: code, referral_link: referralLink(origin(c.req.url), code) },
      } satisfies JoinAffiliateBody,
      200,
    );
  });
