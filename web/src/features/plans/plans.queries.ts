// Plans and payments as server state: the package list with its display prices, the user's premium info and
// subscription history (query-option factories), and the two order calls the payment dialog makes. Every answer is
// checked against the worker's own declarations (worker/protocol/payments.ts).
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { NewOrder, PaymentVerify } from "../../../../worker/protocol/payment-requests";
import { apiBody } from "../../lib/api";
import {
  CreateOrderBodySchema,
  PaymentCheckBodySchema,
  PremiumInfoBodySchema,
  SubscriptionHistoryBodySchema,
  type PackageType,
} from "../../../../worker/protocol/payments";
import { fetchPackages } from "./prices/fetch-packages";

export const planKeys = {
  packages: ["plans", "packages"] as const,
  premiumInfo: ["plans", "premium-info"] as const,
  history: ["plans", "subscription-history"] as const,
};

export const packagesQuery = () =>
  queryOptions({
    queryKey: planKeys.packages,
    queryFn: ({ signal }) => fetchPackages(signal),
    // prices change with a deploy, not while the page is open
    staleTime: 60 * 60_000,
  });

export const premiumInfoQuery = () =>
  queryOptions({
    queryKey: planKeys.premiumInfo,
    queryFn: async () => (await apiBody("/auth/premium-info", PremiumInfoBodySchema)).data,
    staleTime: 60_000,
  });

export const subscriptionHistoryQuery = () =>
  queryOptions({
    queryKey: planKeys.history,
    queryFn: async () =>
      (await apiBody("/auth/subscription-history", SubscriptionHistoryBodySchema)).data.subscriptions,
    staleTime: 60_000,
  });

/** POST /payments/create: a new order with its VietQR payload, bank account and memo. */
export async function createOrder(packageType: PackageType, signal?: AbortSignal) {
  return (
    await apiBody("/payments/create", CreateOrderBodySchema, {
      method: "POST",
      body: { packageType } satisfies NewOrder,
      signal,
    })
  ).data;
}

/** POST /payments/verify for one order: pending, paid, expired or cancelled. */
export async function verifyOrder(input: PaymentVerify & { orderCode: string }, signal?: AbortSignal) {
  return (await apiBody("/payments/verify", PaymentCheckBodySchema, { method: "POST", body: input, signal })).data;
}

/**
 * The queries that depend on the plan: the user (auth.queries' authKeys.me), the models (models.queries'
 * modelKeys.all) and the plans queries. Spelled out rather than imported, so these screens' chunk asks nothing of
 * the signed-in chunk beyond React Query (the socket's plan_changed handler refreshes the same three).
 */
export const PLAN_DEPENDENT_KEYS = [["auth", "me"], ["models"], ["plans"]] as const;

/** After a plan change (paid here, or pushed by the socket): everything that depends on the plan is fetched again. */
export function refreshPlan(qc: QueryClient): Promise<unknown> {
  return Promise.all(PLAN_DEPENDENT_KEYS.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
