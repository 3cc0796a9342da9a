// The query of the user's projects (GET /projects, worker/protocol/projects.ts) as the first screen runs it: the
// sidebar only needs to know whether there are any, so the envelope is checked here as a list of objects, and each
// reader parses it with the wire's ProjectListSchema (../on-demand/project-queries.ts). Importing that module here
// would put its request schemas, which the bundler keeps, on every page.
import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { apiBody } from "../../../lib/api";

/** The key of the projects list; a project's chats have theirs in ../on-demand/project-queries.ts. */
export const PROJECTS_KEY = ["projects"] as const;

/** GET /projects as sent; read it through projectsQuery (../on-demand/project-queries.ts). */
export const projectListQuery = () =>
  queryOptions({
    queryKey: PROJECTS_KEY,
    queryFn: ({ signal }) => apiBody("/projects", v.looseObject({ data: v.array(v.looseObject({})) }), { signal }),
    staleTime: 60_000,
  });
