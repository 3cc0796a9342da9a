// Project queries: a user's groups of chats with their own instructions and files (schema.ts projects, in the main
// database), and the chat side of a project (chat_sessions.project_id, in the user's chat database). The user is in
// every WHERE: another user's project is simply not found. The user's object keeps a copy of the projects for the
// turns (durable-objects/state/projects.ts): every writer here tells it once its write has committed, as the settings
// writers do (state-owner.ts).
import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "./client";
import { isoOrNull } from "../lib/time";
import type { PublicProject } from "../protocol/projects";
import type { AttachmentRef } from "../protocol/resources";
import { chatSessions, projects } from "./schema";

export type ProjectRow = typeof projects.$inferSelect;

/** The user's object, told when the user's projects change so the next turn uses the new ones. */
export interface ProjectsOwner {
  projectsChanged(): Promise<void>;
}

export function publicProject(p: ProjectRow, chatCount = 0): PublicProject {
  return {
    id: p.id,
    name: p.name,
    instructions: p.instructions,
    files: p.files,
    chat_count: chatCount,
    created_at: isoOrNull(p.createdAt),
    updated_at: isoOrNull(p.updatedAt),
  };
}

/** The user's projects, newest first. */
export async function listProjects({ db, userId }: { db: Db; userId: string }) {
  return db
    .select()
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/** One project of the user, or undefined (also when it is another user's). */
export async function getProject({ db, userId, id }: { db: Db; userId: string; id: string }) {
  return db.query.projects.findFirst({ where: and(eq(projects.id, id), eq(projects.userId, userId)) });
}

/**
 * Creates a project unless the user already keeps `max` of them (checked in the same statement, so parallel creates
 * cannot overshoot; null: no limit). Returns the new row, or null when the plan's limit is reached.
 */
export async function createProject({
  db,
  owner,
  userId,
  name,
  instructions,
  files,
  max,
}: {
  db: Db;
  owner: ProjectsOwner;
  userId: string;
  name: string;
  instructions: string;
  files: AttachmentRef[];
  max: number | null;
}): Promise<ProjectRow | null> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const underLimit = max === null ? sql`1` : sql`(SELECT count(*) FROM projects WHERE user_id = ${userId}) < ${max}`;
  const rows = await db.all<{ id: string }>(sql`
    INSERT INTO projects (id, user_id, name, instructions, files, created_at, updated_at)
    SELECT ${id}, ${userId}, ${name}, ${instructions}, ${JSON.stringify(files)}, ${now}, ${now}
    WHERE ${underLimit}
    RETURNING id`);
  if (rows.length === 0) return null;
  await owner.projectsChanged();
  return { id, userId, name, instructions, files, createdAt: now, updatedAt: now };
}

export type ProjectPatch = Partial<{ name: string; instructions: string; files: AttachmentRef[] }>;

/** Renames a project of the user, or changes its instructions or files; undefined when it is not theirs. */
export async function updateProject({
  db,
  owner,
  userId,
  id,
  patch,
}: {
  db: Db;
  owner: ProjectsOwner;
  userId: string;
  id: string;
  patch: ProjectPatch;
}) {
  const [row] = await db
    .update(projects)
    .set({ ...patch, updatedAt: Date.now() })
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning();
  if (row) await owner.projectsChanged();
  return row;
}

/** Deletes a project of the user (its chats are the caller's: see the route); false when it is not theirs. */
export async function deleteProject({
  db,
  owner,
  userId,
  id,
}: {
  db: Db;
  owner: ProjectsOwner;
  userId: string;
  id: string;
}) {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (rows.length === 0) return false;
  await owner.projectsChanged();
  return true;
}

/** How many active chats each of the user's projects holds (`chats`: the user's chat database). */
export async function projectChatCounts({ chats, userId }: { chats: Db; userId: string }) {
  const rows = await chats
    .select({ projectId: chatSessions.projectId, n: count() })
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.status, "active"), isNotNull(chatSessions.projectId)))
    .groupBy(chatSessions.projectId);
  return new Map(rows.map((r) => [r.projectId ?? "", r.n]));
}

/** The ids of the user's active chats in a project. */
export async function projectChatIds({ chats, userId, projectId }: { chats: Db; userId: string; projectId: string }) {
  const rows = await chats
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(
      and(eq(chatSessions.userId, userId), eq(chatSessions.projectId, projectId), eq(chatSessions.status, "active")),
    );
  return rows.map((r) => r.id);
}

/**
 * Takes every chat of the user (active or deleted) out of a project, before the project itself is deleted with its
 * chats kept. Returns the ids of the active ones.
 */
export async function releaseProjectChats({
  chats,
  userId,
  projectId,
}: {
  chats: Db;
  userId: string;
  projectId: string;
}) {
  const rows = await chats
    .update(chatSessions)
    .set({ projectId: null, updatedAt: Date.now() })
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.projectId, projectId)))
    .returning({ id: chatSessions.id, status: chatSessions.status });
  return rows.filter((r) => r.status === "active").map((r) => r.id);
}
