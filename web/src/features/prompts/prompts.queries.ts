// The prompt library as server state: the list (searched, paged by cursor), the most popular prompts, and counting a
// use. Answers are checked against worker/protocol/prompts.ts.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiBody } from "../../lib/api";
import { isLanguage } from "../../lib/i18n";
import {
  PromptListBodySchema,
  PromptPopularBodySchema,
  PromptUseBodySchema,
} from "../../../../worker/protocol/prompts";

export const promptLanguage = (language: string) => (isLanguage(language) ? language : "en");

export const promptKeys = {
  all: ["prompts"] as const,
  list: (lang: string, q: string, category: string | undefined) =>
    ["prompts", "list", lang, q, category ?? ""] as const,
  popular: (lang: string) => ["prompts", "popular", lang] as const,
};

export const promptListQuery = (lang: string, q: string, category: string | undefined) =>
  infiniteQueryOptions({
    queryKey: promptKeys.list(lang, q, category),
    queryFn: async ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ lang });
      if (q) qs.set("q", q);
      if (category) qs.set("category", category);
      if (pageParam) qs.set("cursor", pageParam);
      return (await apiBody(`/prompts?${qs}`, PromptListBodySchema, { signal })).data;
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

export const popularPromptsQuery = (lang: string) =>
  queryOptions({
    queryKey: promptKeys.popular(lang),
    queryFn: async ({ signal }) =>
      (await apiBody(`/prompts/popular?lang=${lang}`, PromptPopularBodySchema, { signal })).data.items,
    staleTime: 60_000,
  });

/** Counts one use of the prompt (the "most popular" order). */
export async function recordPromptUse(id: string) {
  return (await apiBody(`/prompts/${encodeURIComponent(id)}/use`, PromptUseBodySchema, { method: "POST" })).data;
}
