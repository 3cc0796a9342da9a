// The operator console's answer schemas (web/src/features/admin/admin.schemas.ts) take the worker's answers as its
// routes send them (test/worker/routes/admin*.test.ts), with extra fields let through, and refuse an answer whose
// fields the pages read are missing or of the wrong type.
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ApplyResultSchema,
  AuditSchema,
  FeedsSchema,
  ReviewQueueSchema,
  UsageSchema,
  UserDetailSchema,
} from "../../web/src/features/admin/admin.schemas";

const ok = (data: unknown) => ({ status: "success", data });

describe("the console's answer schemas", () => {
  it("read the usage figures, percentiles null when unmeasured", () => {
    const answer = ok({
      from: "2026-11-21",
      to: "2026-11-27",
      models: [
        {
          day: "2026-11-27",
          model: "gpt-4.1-mini",
          provider: "offline",
          turns: 2,
          failed: 0,
          tokensIn: 20,
          tokensOut: 300,
          searches: 0,
          images: 0,
          errors: { timeout: 1 },
          ttftP50Ms: null,
          ttftP95Ms: 250,
        },
      ],
      providers: [],
      activeUsers: [{ day: "2026-11-27", users: 1 }],
    });
    expect(v.parse(UsageSchema, answer).data.models[0]!.errors).toEqual({ timeout: 1 });
    const broken = structuredClone(answer) as { data: { models: { turns: unknown }[] } };
    broken.data.models[0]!.turns = "2";
    expect(v.safeParse(UsageSchema, broken).success).toBe(false);
  });

  it("read a user's page with null columns and extra fields", () => {
    const parsed = v.parse(
      UserDetailSchema,
      ok({
        user: {
          id: "u1",
          email: "a@example.com",
          name: null,
          createdAt: 1,
          plan: "basic",
          isPremium: 1,
          premiumEnd: 2,
          referredBy: null,
          affiliateCode: null,
          extra: true,
        },
        periods: [
          {
            id: "p",
            plan: "BS_1T",
            start: 1,
            end: 2,
            price: 0,
            transactionId: null,
            status: "active",
            method: "grant",
            resumed: 0,
          },
        ],
        orders: [],
        usageToday: [{ bucket: "gpt-4.1-mini", count: 3 }],
        sessions: 2,
      }),
    );
    expect(parsed.data.user.plan).toBe("basic");
    expect(parsed.data.periods[0]!.method).toBe("grant");
  });

  it("read the review queue and both outcomes of applying a transfer", () => {
    const queue = v.parse(
      ReviewQueueSchema,
      ok([
        {
          id: "tx1",
          transferAmount: 149000,
          code: "MAY1234",
          content: "MAY1234",
          reviewReason: "amount_mismatch",
          receivedAt: 5,
          order: { id: "o1", code: "MAY1234", amount: 150000, status: "pending", userId: "u1" },
          amountDifference: -1000,
          gateway: "MBBank",
        },
        {
          id: "tx2",
          transferAmount: 1,
          code: null,
          content: null,
          reviewReason: null,
          receivedAt: 6,
          order: null,
          amountDifference: null,
        },
      ]),
    );
    expect(queue.data.map((q) => q.amountDifference)).toEqual([-1000, null]);
    expect(
      v.parse(ApplyResultSchema, ok({ outcome: "applied", orderCode: "MAY1234", amountDifference: -1000 })).data,
    ).toEqual({
      outcome: "applied",
      orderCode: "MAY1234",
      amountDifference: -1000,
    });
    expect(v.parse(ApplyResultSchema, ok({ outcome: "already_applied" })).data.outcome).toBe("already_applied");
    expect(v.safeParse(ApplyResultSchema, ok({ outcome: "maybe" })).success).toBe(false);
  });

  it("read the feeds, drafts included, and refuse an unknown tab", () => {
    const item = {
      id: "f1",
      tab: "news",
      lang: "en",
      title: "Hello",
      body: "",
      url: null,
      image: null,
      publishedAt: 1,
      draft: true,
    };
    expect(
      v.parse(FeedsSchema, ok([{ tab: "news", maintenance: false, items: [item] }])).data[0]!.items[0]!.draft,
    ).toBe(true);
    expect(v.safeParse(FeedsSchema, ok([{ tab: "blog", maintenance: false, items: [] }])).success).toBe(false);
  });

  it("read audit entries whatever their before and after hold", () => {
    const entry = { id: "a", adminId: "u", adminEmail: "o@example.com", action: "grant_plan", target: "user:u", at: 9 };
    const parsed = v.parse(AuditSchema, ok([{ ...entry, before: null, after: { plan: "basic" } }]));
    expect(parsed.data[0]!.after).toEqual({ plan: "basic" });
  });
});
