// The affiliate programme as server state: the dashboard (joined or not, the link, clicks, sign-ups, paid referrals,
// earnings), joining, and the FAQ list and entries in the user's language. Answers are checked against
// worker/protocol/payments.ts.
import { queryOptions } from "@tanstack/react-query";
import { apiBody } from "../../lib/api";
import {
  AffiliateDashboardBodySchema,
  FaqEntryBodySchema,
  FaqListBodySchema,
  JoinAffiliateBodySchema,
} from "../../../../worker/protocol/payments";
import type { FaqSort } from "./faq-search";

export type FaqLanguage = "vi" | "en" | "ru" | "zh";

export const affiliateKeys = {
  dashboard: ["affiliate", "dashboard"] as const,
  faq: (params: FaqListParams) => ["affiliate", "faq", params] as const,
  question: (id: string, lang: FaqLanguage) => ["affiliate", "faq-question", id, lang] as const,
};

export const dashboardQuery = () =>
  queryOptions({
    queryKey: affiliateKeys.dashboard,
    queryFn: async () => (await apiBody("/affiliate/dashboard", AffiliateDashboardBodySchema)).data,
    staleTime: 30_000,
  });

export async function joinAffiliate() {
  return (await apiBody("/auth/join-affiliate", JoinAffiliateBodySchema, { method: "POST" })).data;
}

export interface FaqListParams {
  lang: FaqLanguage;
  q: string;
  category: string | undefined;
  sort: FaqSort;
}

export const faqListQuery = (params: FaqListParams) =>
  queryOptions({
    queryKey: affiliateKeys.faq(params),
    queryFn: async ({ signal }) => {
      const qs = new URLSearchParams({ lang: params.lang, sort: params.sort });
      if (params.q.trim()) qs.set("q", params.q.trim());
      if (params.category) qs.set("category", params.category);
      return (await apiBody(`/affiliate/faq?${qs}`, FaqListBodySchema, { signal })).data;
    },
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });

export const faqQuestionQuery = (id: string, lang: FaqLanguage) =>
  queryOptions({
    queryKey: affiliateKeys.question(id, lang),
    queryFn: async () =>
      (await apiBody(`/affiliate/faq/${encodeURIComponent(id)}?lang=${lang}`, FaqEntryBodySchema)).data,
    staleTime: 5 * 60_000,
  });

export function faqLanguage(language: string): FaqLanguage {
  const primary = language.split("-")[0];
  return primary === "vi" || primary === "ru" || primary === "zh" ? primary : "en";
}
