// /projects: the signed-in user's projects (worker/protocol/projects.ts) — list with each one's chat count and the
// plan's limit, create (403 project_limit past the plan's number: worker/plans/entitlements.ts), rename or change
// instructions and files (the user's own uploads), and delete with its chats kept (taken out of it) or deleted (as
// PATCH /chat-sessions/{id} status 'deleted' deletes one: the user's object forgets them, their shared links go).
// Projects live in the main database, their chats in the user's chat database; each writer tells the user's object,
// which keeps the projects for the turns. Another user's project is a 404.
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth } from "../http/auth-middleware";
import { spaOnNavigation } from "../http/spa-page";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../errors";
import { idSchema, valid } from "../lib/validate";
import { deleteChatsOfProject } from "../db/chats";
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  projectChatCounts,
  publicProject,
  releaseProjectChats,
  updateProject,
} from "../db/projects";
import { deleteSharesOfChats } from "../db/shares";
import { ENTITLEMENTS, planOf } from "../plans/entitlements";
import { NewProjectSchema, ProjectDeleteQuerySchema, ProjectPatchSchema } from "../protocol/projects";
import type { AttachmentRef } from "../protocol/resources";
import { removeSnapshots } from "../shares/share-store";
import { getUpload } from "../uploads/store";
import { idGroups } from "../db/id-groups";

const IdParam = v.object({ id: idSchema });

/**
 * The user's uploads by id, as a message keeps its files (in the order given, each once). Another user's upload, or
 * none with the id, is a 404: uploads live under their owner in R2 (worker/uploads/store.ts).
 */
async function filesOf(bucket: R2Bucket, userId: string, ids: string[]): Promise<AttachmentRef[]> {
  return Promise.all(
    [...new Set(ids)].map(async (id) => {
      const found = await getUpload({ bucket, userId, id });
      if (!found) throw new AppError("not_found", "File not found", { field: "file_ids" });
      await found.body.cancel();
      const { name, type, group, size, url } = found.record;
      return { id, name, type, group, size, url };
    }),
  );
}

export const projectRoutes = new Hono<AppEnv>()
  // A page load of a /projects path (should the SPA have such a screen) is the SPA's.
  .use(spaOnNavigation)
  .use(requireAuth)
  .get("/", async (c) => {
    const userId = c.var.user.id;
    const [rows, counts] = await Promise.all([
      listProjects({ db: c.var.db, userId }),
      projectChatCounts({ chats: c.var.chats, userId }),
    ]);
    const limit = ENTITLEMENTS[planOf(c.var.user)].projects;
    return c.json({ status: "success", data: rows.map((p) => publicProject(p, counts.get(p.id) ?? 0)), limit }, 200);
  })
  .post("/", valid("json", NewProjectSchema), async (c) => {
    const body = c.req.valid("json");
    const userId = c.var.user.id;
    const max = ENTITLEMENTS[planOf(c.var.user)].projects;
    const files = await filesOf(c.env.IMAGES, userId, body.file_ids ?? []);
    const project = await createProject({
      db: c.var.db,
      owner: c.var.hub,
      userId,
      name: body.name,
      instructions: body.instructions ?? "",
      files,
      max,
    });
    if (!project)
      throw new AppError("project_limit", `Your plan allows ${max} projects; upgrade for more, or delete one first`, {
        limit: max,
      });
    return c.json({ status: "success", data: publicProject(project) }, 201);
  })
  .patch("/:id", valid("param", IdParam), valid("json", ProjectPatchSchema), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const userId = c.var.user.id;
    // Another user's project is a 404 before their files are looked at.
    if (!(await getProject({ db: c.var.db, userId, id }))) throw new AppError("not_found", "Project not found");
    const files = body.file_ids === undefined ? undefined : await filesOf(c.env.IMAGES, userId, body.file_ids);
    const [project, counts] = await Promise.all([
      updateProject({
        db: c.var.db,
        owner: c.var.hub,
        userId,
        id,
        patch: { name: body.name, instructions: body.instructions, files },
      }),
      projectChatCounts({ chats: c.var.chats, userId }),
    ]);
    if (!project) throw new AppError("not_found", "Project not found");
    return c.json({ status: "success", data: publicProject(project, counts.get(id) ?? 0) }, 200);
  })
  .delete("/:id", valid("param", IdParam), valid("query", ProjectDeleteQuerySchema), async (c) => {
    const { id } = c.req.valid("param");
    const { chats } = c.req.valid("query");
    const userId = c.var.user.id;
    if (!(await getProject({ db: c.var.db, userId, id }))) throw new AppError("not_found", "Project not found");
    // The chats first, then the project: a failure between leaves the project with fewer chats, and a retry finishes.
    let deletedChats = 0;
    if (chats === "delete") {
      const ids = await deleteChatsOfProject({
        db: c.var.chats,
        main: c.var.db,
        owner: c.var.hub,
        userId,
        projectId: id,
      });
      deletedChats = ids.length;
      // their shared links are revoked with them (the user's own links only: the query has them in its WHERE)
      for (const group of idGroups(ids)) {
        const revoked = await deleteSharesOfChats({ db: c.var.db, userId, chatIds: group });
        c.executionCtx.waitUntil(removeSnapshots(c.env.IMAGES, revoked));
      }
    }
    // Every chat of the project leaves it (the deleted ones too). The user's object may still name the project in the
    // kept chats' context: it finds no such project in its snapshot once the project is deleted, and sends none.
    await releaseProjectChats({ chats: c.var.chats, userId, projectId: id });
    if (!(await deleteProject({ db: c.var.db, owner: c.var.hub, userId, id })))
      throw new AppError("not_found", "Project not found");
    return c.json({ status: "success", data: { deleted_chats: deletedChats } }, 200);
  });
