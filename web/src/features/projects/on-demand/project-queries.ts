// Server state for projects as the projects' screens read it (the sidebar's panel, the search filter): the user's
// projects with their plan's limit, parsed with the wire's schema (worker/protocol/projects.ts), and the chats of one
// project, a page at a time. The first screen runs the same list query unparsed (../signed-in/projects.queries.ts).
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { successEnvelope } from "../../../../../worker/protocol/envelopes";
import { ProjectListSchema } from "../../../../../worker/protocol/projects";
import { ApiError, apiBody } from "../../../lib/api";
import { chatKeys } from "../../chat/chat.queries";
import { ChatSchema } from "../../chat/chat.schemas";
import { PROJECTS_KEY, projectListQuery } from "../signed-in/projects.queries";

export const projectKeys = {
  list: () => PROJECTS_KEY,
  /** Under the history's key (chatKeys.list()): whatever refreshes the history refreshes every project's chats. */
  chats: (projectId: string) => [...chatKeys.list(), "project", projectId] as const,
};

/** How many of a project's chats the sidebar loads per page. */
export const PROJECT_CHATS_PAGE = 50;

const ProjectChatsPageSchema = v.object({
  ...successEnvelope(v.array(ChatSchema)).entries,
  next_before: v.optional(v.nullable(v.string()), null),
});

/** The list's answer, checked against the wire's schema (an answer of another shape is an error, as api.ts makes it). */
function parseProjects(body: unknown) {
  const parsed = v.safeParse(ProjectListSchema, body);
  if (!parsed.success) throw new ApiError(200, "invalid_response", "Invalid response from /projects");
  return parsed.output;
}

/** The user's projects, newest first, and how many their plan allows (null: no limit). */
export const projectsQuery = () => queryOptions({ ...projectListQuery(), select: parseProjects });

/** A project's chats, newest message first, a page at a time (the history's cursor, `next_before`). */
export const projectChatsQuery = (projectId: string) =>
  infiniteQueryOptions({
    queryKey: projectKeys.chats(projectId),
    queryFn: async ({ signal, pageParam }) => {
      const query = new URLSearchParams({ project_id: projectId, limit: String(PROJECT_CHATS_PAGE) });
      if (pageParam) query.set("before", pageParam);
      const body = await apiBody(`/chat-sessions?${query}`, ProjectChatsPageSchema, { signal });
      return { chats: body.data, next_before: body.next_before };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 30_000,
  });
