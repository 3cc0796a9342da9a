// The prompt library as server state: the list (searched, paged by cursor), the most popular prompts, counting a use,
// and the user's own prompts ("My prompts": list, save, edit, delete). Answers are checked against
// worker/protocol/prompts.ts.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiBody } from "../../lib/api";
import { isLanguage } from "../../lib/i18n";
import {
  type NewUserPrompt,
  PromptListBodySchema,
  PromptPopularBodySchema,
  PromptUseBodySchema,
  UserPromptBodySchema,
  UserPromptDeletedBodySchema,
  UserPromptListBodySchema,
  type UserPromptPatch,
} from "../../../../worker/protocol/prompts";

export const promptLanguage = (language: string) => (isLanguage(language) ? language : "en");

export const promptKeys = {
  all: ["prompts"] as const,
  list: (lang: string, q: string, category: string | undefined) =>
    ["prompts", "list", lang, q, category ?? ""] as const,
  popular: (lang: string) => ["prompts", "popular", lang] as const,
  mine: ["prompts", "mine"] as const,
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

/** The user's own prompts, the most recently changed first, and how many they may keep. */
export const myPromptsQuery = () =>
  queryOptions({
    queryKey: promptKeys.mine,
    queryFn: async ({ signal }) => (await apiBody("/prompts/mine", UserPromptListBodySchema, { signal })).data,
  });

export const myPromptCalls = {
  create: async (body: NewUserPrompt) =>
    (await apiBody("/prompts/mine", UserPromptBodySchema, { method: "POST", body })).data.prompt,
  update: async (id: string, body: UserPromptPatch) =>
    (await apiBody(`/prompts/mine/${encodeURIComponent(id)}`, UserPromptBodySchema, { method: "PATCH", body })).data
      .prompt,
  remove: async (id: string) =>
    (await apiBody(`/prompts/mine/${encodeURIComponent(id)}`, UserPromptDeletedBodySchema, { method: "DELETE" })).data,
};
